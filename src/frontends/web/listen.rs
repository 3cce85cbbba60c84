//! The accept loop: each connection served with HTTP/1.1 under the playground's bounds on
//! connections and time.

use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

use super::{router, HEADER_TIMEOUT, MAX_CONNECTIONS};
use crate::frontends::protocol::Server;

/// How long a connection is served before it is asked to close (after the request in
/// progress, if any): a client cannot keep one for good by sending requests slowly.
const LIFETIME: Duration = Duration::from_secs(600);

/// How long a connection asked to close may finish its request (longer than a search may
/// think) before it is closed anyway.
const GRACE: Duration = Duration::from_secs(120);

/// The answer to a connection beyond [`MAX_CONNECTIONS`].
const FULL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 31\r\nConnection: close\r\n\r\ntoo many connections; try again";

/// Serves the playground on `listener` until the process ends; on a loopback address, to
/// pages of this machine and this port only (a request whose `Host` or `Origin` names
/// another machine or port is refused with status 403). At most [`MAX_CONNECTIONS`]
/// connections are served at once, each closed when a request's head takes longer than
/// [`HEADER_TIMEOUT`] and asked to close after ten minutes.
///
/// ```
/// use std::io::{Read, Write};
/// let runtime = tokio::runtime::Runtime::new()?;
/// let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))?;
/// let port = listener.local_addr()?.port();
/// runtime.spawn(fairy_rules::web::serve(listener, fairy_rules::protocol::Server::new()));
///
/// let body = r#"{"request":"hello"}"#;
/// let mut stream = std::net::TcpStream::connect(("127.0.0.1", port))?;
/// write!(
///     stream,
///     "POST /api HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
///      Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
///     body.len()
/// )?;
/// let mut reply = String::new();
/// stream.read_to_string(&mut reply)?;
/// assert!(reply.starts_with("HTTP/1.1 200 OK\r\n"));
/// assert!(reply.contains(r#"{"events":[],"response":{"id":null,"ok":true,"result":{"kind":"hello","protocol":1,"#));
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The listener's I/O error when it cannot tell its address.
pub async fn serve(listener: TcpListener, server: Server) -> std::io::Result<()> {
    let address = listener.local_addr()?;
    let local = address.ip().is_loopback().then_some(address.port());
    let service = TowerToHyperService::new(router(server, local));
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // A connection that failed before it was accepted is the client's affair; any
            // other error (no file descriptors left) lasts a while: wait before trying again.
            Err(e) if is_connection_error(&e) => continue,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Ok(place) = open.clone().try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let service = service.clone();
        tokio::spawn(async move {
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT);
            let mut connection = pin!(builder.serve_connection(TokioIo::new(stream), service));
            // Errors are the client's (a timeout, a reset, bad HTTP): the connection ends.
            if tokio::time::timeout(LIFETIME, connection.as_mut())
                .await
                .is_err()
            {
                connection.as_mut().graceful_shutdown();
                let _ = tokio::time::timeout(GRACE, connection).await;
            }
            drop(place);
        });
    }
}

/// Answers a connection beyond the cap with 503 and closes it, without reading it.
async fn refuse(stream: TcpStream) {
    let write = async {
        let mut rest = FULL;
        while !rest.is_empty() {
            stream.writable().await?;
            match stream.try_write(rest) {
                Ok(n) => rest = &rest[n..],
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), write).await;
}

fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    )
}
