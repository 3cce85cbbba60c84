//! `fairy web` started as a child process on a free port of the loopback interface, and a
//! minimal HTTP/1.1 client for it.

#![allow(dead_code)] // Each test uses a part of it.
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `fairy web`; killed when dropped.
pub struct WebServer {
    child: Child,
    /// The port it listens on.
    pub port: u16,
}

impl WebServer {
    /// Starts `fairy web --port 0` with these definition files and reads the port it prints.
    pub fn start(files: &[&str]) -> WebServer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fairy"))
            .args(["web", "--port", "0"])
            .args(files)
            .stdout(Stdio::piped())
            .spawn()
            .expect("fairy web starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("fairy web: serving http://127.0.0.1:")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
        let port = address.trim_end_matches('/').parse().unwrap();
        WebServer { child, port }
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Sends raw bytes on a fresh connection, closes its sending side (so a request cut
    /// short ends there) and reads until the server closes it.
    pub fn raw(&self, bytes: &[u8]) -> Vec<u8> {
        self.exchange(bytes, true)
    }

    /// Sends a whole request (which must ask for `Connection: close`) on a fresh connection
    /// and reads until the server closes it.
    pub fn send(&self, bytes: &[u8]) -> Vec<u8> {
        self.exchange(bytes, false)
    }

    fn exchange(&self, bytes: &[u8], close: bool) -> Vec<u8> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        // The server may answer and close before it has read everything.
        let _ = stream.write_all(bytes);
        if close {
            let _ = stream.shutdown(std::net::Shutdown::Write);
        }
        let mut reply = Vec::new();
        let _ = stream.read_to_end(&mut reply);
        reply
    }

    /// A request: its status code and body.
    pub fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        let mut bytes = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        bytes.extend_from_slice(body);
        let reply = String::from_utf8_lossy(&self.send(&bytes)).into_owned();
        let (head, body) = reply.split_once("\r\n\r\n").unwrap_or((&reply, ""));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {head:?}"));
        (status, body.to_string())
    }

    /// A protocol request through `POST /api`: the events and the response.
    pub fn api(&self, request: &serde_json::Value) -> (Vec<serde_json::Value>, serde_json::Value) {
        let (status, body) = self.request("POST", "/api", request.to_string().as_bytes());
        assert_eq!(status, 200, "{request} gave {body}");
        let mut reply: serde_json::Value = serde_json::from_str(&body).unwrap();
        let events = reply["events"].as_array().unwrap().clone();
        (events, reply["response"].take())
    }

    /// A protocol request that must succeed: its result.
    pub fn ok(&self, request: serde_json::Value) -> serde_json::Value {
        let (_, response) = self.api(&request);
        assert_eq!(response["ok"], true, "{request} gave {response}");
        response["result"].clone()
    }
}

impl Drop for WebServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
