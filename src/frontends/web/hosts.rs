//! What every request and response of the playground is checked for: who sent the request
//! (its `Host` and `Origin`), what its body is, and that no other page may frame ours.

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Refuses a request whose `Host` is not this machine's or names another port, or that a
/// page of another host or port sent (its `Origin`); a request without them passes.
pub(super) async fn local_only(port: u16, request: Request, next: Next) -> Response {
    if !from_here(request.headers(), port) {
        return (
            StatusCode::FORBIDDEN,
            "this server answers its own pages only\n",
        )
            .into_response();
    }
    next.run(request).await
}

/// Forbids framing every response: no page of another site can show ours under its own
/// (clickjacking).
pub(super) async fn no_framing(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("frame-ancestors 'none'"),
    );
    response
}

/// Whether every `Host` and `Origin` the request has names this machine and this server's
/// `port`; several that differ do not pass (a proxy and this server could read different
/// ones).
fn from_here(headers: &HeaderMap, port: u16) -> bool {
    let values = |name| -> Option<Vec<&str>> {
        headers
            .get_all(name)
            .iter()
            .map(|v: &HeaderValue| v.to_str().ok())
            .collect()
    };
    let (Some(hosts), Some(origins)) = (values(header::HOST), values(header::ORIGIN)) else {
        return false;
    };
    let one = |v: &[&str]| v.windows(2).all(|w| w[0] == w[1]);
    one(&hosts)
        && one(&origins)
        && hosts.iter().all(|h| is_local(h, None, port))
        && origins.iter().all(|o| match o.split_once("://") {
            // An origin is `scheme://host[:port]`, or `null` for a page with no host.
            Some((scheme, host)) => is_local(host, Some(scheme), port),
            None => false,
        })
}

/// Whether `host` (a name, and maybe a port) names this machine and `port`. Without a port,
/// a `Host` passes, and an origin has its scheme's (80 for `http`, 443 for `https`).
fn is_local(host: &str, scheme: Option<&str>, port: u16) -> bool {
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    let (name, given) = match host.rsplit_once(':') {
        Some((name, p)) if !name.is_empty() && digits(p) => (name, Some(p)),
        _ => (host, None),
    };
    let implied = match scheme.map(str::to_ascii_lowercase).as_deref() {
        None => Some(port),
        Some("http") => Some(80),
        Some("https") => Some(443),
        Some(_) => None,
    };
    let named = match given {
        Some(p) => p.parse::<u16>().ok(),
        None => implied,
    };
    let local = ["localhost", "127.0.0.1", "[::1]"].contains(&name.to_ascii_lowercase().as_str());
    local && named == Some(port)
}

/// Whether the request says its body is JSON (`application/json`, with any parameters).
pub(super) fn is_json(headers: &HeaderMap) -> bool {
    let media = |v: &HeaderValue| {
        let text = v.to_str().unwrap_or("");
        let essence = text.split(';').next().unwrap_or("").trim();
        essence.eq_ignore_ascii_case("application/json")
    };
    let mut types = headers.get_all(header::CONTENT_TYPE).iter();
    matches!((types.next(), types.next()), (Some(v), None) if media(v))
}
