//! `fairy web`: the web playground, an HTTP server on the loopback interface.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use fairy_rules::protocol::Server;

#[derive(clap::Args)]
pub(super) struct Args {
    /// Definition files to offer besides the bundled variants, each under its file name
    /// without `.yaml`.
    files: Vec<PathBuf>,
    /// The TCP port; 0 picks a free one. The address served is printed on standard output.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. The loopback address by default, so only this machine can
    /// connect; another address (`0.0.0.0`) opens the playground to the network.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    listen: IpAddr,
    #[command(flatten)]
    caps: super::serve::CapArgs,
}

pub(super) fn run(args: &Args) -> miette::Result<()> {
    let mut server = Server::with_caps(args.caps.caps());
    for file in &args.files {
        server.add_variant(
            &super::serve::file_id(file),
            super::load(&file.to_string_lossy())?,
        );
    }
    // Requests run on blocking threads: at most the API's requests at once, and as many
    // again whose client went away while they end.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(2 * fairy_rules::web::MAX_REQUESTS)
        .build()
        .map_err(|e| miette::miette!("cannot start the HTTP runtime: {e}"))?;
    runtime.block_on(async {
        let address = SocketAddr::new(args.listen, args.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| miette::miette!("cannot listen on {address}: {e}"))?;
        let bound = listener
            .local_addr()
            .map_err(|e| miette::miette!("cannot read the address listened on: {e}"))?;
        out!("fairy web: serving http://{bound}/");
        fairy_rules::web::serve(listener, server)
            .await
            .map_err(|e| miette::miette!("the HTTP server failed: {e}"))
    })
}
