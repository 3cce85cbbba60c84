//! The web playground behind `fairy web`: an HTTP server that serves one page (embedded in
//! the program, see `assets/web/`) and carries the game protocol of [`crate::protocol`].
//!
//! `POST /api` takes exactly one protocol request as its body and answers
//! `{"events":[...],"response":{...}}`: the events the request caused and its response,
//! both as `fairy serve` would write them. Every request runs on one
//! [`crate::protocol::Server`] behind a mutex, off the HTTP runtime's threads (an engine
//! search may take seconds). A body longer than [`MAX_BODY`] is refused with status 413, a
//! path the server does not know gets 404; everything else the protocol answers, with an
//! error response for a request it cannot carry out. Served on a loopback address, it
//! answers only requests that name this machine as their host.

mod assets;

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use crate::protocol::{ErrorCode, Server};

/// The longest request body, in bytes: the protocol's longest line.
pub const MAX_BODY: usize = crate::protocol::MAX_LINE;

/// The server's state: the one protocol server every request goes to.
type Shared = Arc<Mutex<Server>>;

/// The playground's routes over `server`: the page, its script and style sheet, and the API.
/// With `local_hosts`, a request whose `Host` or `Origin` header names another machine than
/// this one (`localhost`, `127.0.0.1`, `[::1]`) is refused with status 403: a web page
/// elsewhere can neither send requests to the playground nor reach it by rebinding its own
/// name to the loopback address.
pub fn router(server: Server, local_hosts: bool) -> Router {
    let shared: Shared = Arc::new(Mutex::new(server));
    let mut router = Router::new();
    for &(path, media, text) in assets::FILES {
        router = router.route(path, get(move || async move { page(text, media) }));
    }
    let router = router
        .route("/api", post(api))
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found\n") })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared);
    match local_hosts {
        true => router.layer(axum::middleware::from_fn(local_host_only)),
        false => router,
    }
}

/// Refuses a request whose `Host` is not this machine's, or that a page of another host sent
/// (its `Origin`); a request without them passes.
async fn local_host_only(request: Request, next: Next) -> Response {
    if !from_here(&request) {
        return (
            StatusCode::FORBIDDEN,
            "this server answers local pages only\n",
        )
            .into_response();
    }
    next.run(request).await
}

/// Whether the request's `Host` and `Origin`, where it has them, name this machine.
fn from_here(request: &Request) -> bool {
    let header = |name| {
        request
            .headers()
            .get(name)
            .map(|h: &header::HeaderValue| h.to_str().unwrap_or("?").to_string())
    };
    let host = header(header::HOST);
    // An origin is `scheme://host[:port]`, or `null` for a page with no host.
    let origin = header(header::ORIGIN).map(|o| match o.split_once("://") {
        Some((_, host)) => host.to_string(),
        None => o,
    });
    [host, origin].iter().flatten().all(|h| is_local(h))
}

/// Whether a `Host` header's value (a name, and maybe a port) names this machine.
fn is_local(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if !name.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    ["localhost", "127.0.0.1", "[::1]"].contains(&name.to_ascii_lowercase().as_str())
}

/// Serves the playground on `listener` until the process ends; on a loopback address, to
/// pages of this machine only (see [`router`]).
///
/// # Errors
/// The listener's I/O error.
pub async fn serve(listener: tokio::net::TcpListener, server: Server) -> std::io::Result<()> {
    let loopback = listener.local_addr()?.ip().is_loopback();
    axum::serve(listener, router(server, loopback)).await
}

/// An embedded asset with its media type.
fn page(text: &'static str, media: &str) -> Response {
    let media = format!("{media}; charset=utf-8");
    ([(header::CONTENT_TYPE, media)], text).into_response()
}

/// `POST /api`: one protocol request, answered with its events and response.
async fn api(State(shared): State<Shared>, body: Result<Bytes, BytesRejection>) -> Response {
    let body = match body {
        Ok(body) => body,
        Err(rejection) => {
            let status = rejection.status();
            let code = match status {
                StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::TooLong,
                _ => ErrorCode::MalformedJson,
            };
            return json(status, &wrap(vec![Server::unreadable(code)]));
        }
    };
    let answer = tokio::task::spawn_blocking(move || {
        let lines = match std::str::from_utf8(&body) {
            Ok(text) => {
                let mut server = shared
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                server.handle_line(text)
            }
            Err(_) => vec![Server::unreadable(ErrorCode::MalformedJson)],
        };
        wrap(lines)
    })
    .await;
    match answer {
        Ok(text) => json(StatusCode::OK, &text),
        Err(_) => (StatusCode::INTERNAL_SERVER_ERROR, "the request failed\n").into_response(),
    }
}

/// The lines [`Server::handle_line`] gives (events, then the response) as one JSON object.
fn wrap(mut lines: Vec<String>) -> String {
    let response = lines.pop().unwrap_or_else(|| "null".into());
    format!(
        "{{\"events\":[{}],\"response\":{response}}}",
        lines.join(",")
    )
}

fn json(status: StatusCode, text: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        text.to_string(),
    )
        .into_response()
}
