//! The web playground behind `fairy web`: an HTTP server that serves one page (embedded in
//! the program, see `assets/web/`) and carries the game protocol of [`crate::protocol`].
//!
//! `POST /api` takes exactly one protocol request as its body, of type `application/json`
//! (415 otherwise), and answers `{"events":[...],"response":{...}}`: the events the request
//! caused and its response, both as `fairy serve` would write them. Every request runs on one
//! [`crate::protocol::Server`] behind a mutex, off the HTTP runtime's threads; an engine move
//! searches without the mutex, so other games are answered meanwhile, and its search stops
//! (and plays nothing) when its client goes away.
//!
//! What a client can hold is bounded: a body longer than [`MAX_BODY`] is refused with 413,
//! one that takes longer than [`BODY_TIMEOUT`] with 408, more than [`MAX_REQUESTS`] API
//! requests at once with 503; a connection is closed when it takes longer than
//! [`HEADER_TIMEOUT`] to send a request's head (or stays idle that long), and beyond
//! [`MAX_CONNECTIONS`] a new one is answered 503 and closed (see [`serve`]). A path the server
//! does not know gets 404. Every response forbids framing the page (`X-Frame-Options` and
//! `Content-Security-Policy: frame-ancestors 'none'`). Served on a loopback address, it
//! answers only requests that name this machine and this port as their host and origin.

mod assets;
mod hosts;
mod listen;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::Semaphore;

use crate::frontends::protocol::{ErrorCode, Server, Started};

pub use listen::serve;

/// The longest request body, in bytes: the protocol's longest line.
pub const MAX_BODY: usize = crate::frontends::protocol::MAX_LINE;

/// The most `POST /api` requests carried out at once; one more is answered 503.
pub const MAX_REQUESTS: usize = 32;

/// The most connections open at once; one more is answered 503 and closed.
pub const MAX_CONNECTIONS: usize = 256;

/// The longest a connection may take to send a request's head, or stay idle between
/// requests; then it is closed.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest a client may take to send a request's body; then it is answered 408.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The server's state: the one protocol server every request goes to, and the places of
/// the API requests carried out.
#[derive(Clone)]
struct Shared {
    server: Arc<Mutex<Server>>,
    requests: Arc<Semaphore>,
}

/// The playground's routes over `server`: the page, its script and style sheet, and the API.
/// With `local_port`, the port of a loopback address served, a request whose `Host` or
/// `Origin` headers name another machine than this one (`localhost`, `127.0.0.1`, `[::1]`)
/// or another port is refused with status 403: a web page elsewhere can neither send
/// requests to the playground nor reach it by rebinding its own name to the loopback
/// address, and a page of another server on this machine cannot either.
pub(crate) fn router(server: Server, local_port: Option<u16>) -> Router {
    let shared = Shared {
        server: Arc::new(Mutex::new(server)),
        requests: Arc::new(Semaphore::new(MAX_REQUESTS)),
    };
    let mut router = Router::new();
    for &(path, media, text) in assets::FILES {
        router = router.route(path, get(move || async move { page(text, media) }));
    }
    let router = router
        .route("/api", post(api))
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found\n") })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared);
    let router = match local_port {
        Some(port) => router.layer(axum::middleware::from_fn(move |request, next| {
            hosts::local_only(port, request, next)
        })),
        None => router,
    };
    router.layer(axum::middleware::from_fn(hosts::no_framing))
}

/// An embedded asset with its media type.
fn page(text: &'static str, media: &str) -> Response {
    let media = format!("{media}; charset=utf-8");
    ([(header::CONTENT_TYPE, media)], text).into_response()
}

/// Sets a search's stop flag when dropped: when the client goes away, its request's handler
/// is dropped, and so the search it waits for stops.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// `POST /api`: one protocol request, answered with its events and response.
async fn api(State(shared): State<Shared>, request: Request) -> Response {
    let Ok(_place) = shared.requests.clone().try_acquire_owned() else {
        let text = format!("more than {MAX_REQUESTS} requests at once; try again\n");
        return (StatusCode::SERVICE_UNAVAILABLE, text).into_response();
    };
    if !hosts::is_json(request.headers()) {
        let text = "POST /api takes a body of type application/json\n";
        return (StatusCode::UNSUPPORTED_MEDIA_TYPE, text).into_response();
    }
    let body = match tokio::time::timeout(BODY_TIMEOUT, Bytes::from_request(request, &())).await {
        Ok(Ok(body)) => body,
        Ok(Err(rejection)) => {
            let status = rejection.status();
            let code = match status {
                StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::TooLong,
                _ => ErrorCode::MalformedJson,
            };
            return json(status, &wrap(vec![Server::unreadable(code)]));
        }
        Err(_) => {
            let text = format!("the body took longer than {} s\n", BODY_TIMEOUT.as_secs());
            return (StatusCode::REQUEST_TIMEOUT, text).into_response();
        }
    };
    let Ok(text) = String::from_utf8(body.into()) else {
        let lines = vec![Server::unreadable(ErrorCode::MalformedJson)];
        return json(StatusCode::OK, &wrap(lines));
    };
    let server = shared.server.clone();
    let started = tokio::task::spawn_blocking(move || lock(&server).start_line(&text)).await;
    let lines = match started {
        Ok(Started::Answered(lines)) => Ok(lines),
        Ok(Started::Search(search)) => {
            let _stop = StopOnDrop(search.stop_flag());
            let server = shared.server.clone();
            tokio::task::spawn_blocking(move || {
                let done = search.run();
                lock(&server).finish(done)
            })
            .await
        }
        Err(failed) => Err(failed),
    };
    match lines {
        Ok(lines) => json(StatusCode::OK, &wrap(lines)),
        Err(_) => (StatusCode::INTERNAL_SERVER_ERROR, "the request failed\n").into_response(),
    }
}

/// The protocol server, even if a request panicked while it held it (a failed request
/// changes nothing).
fn lock(server: &Mutex<Server>) -> MutexGuard<'_, Server> {
    server
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
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
