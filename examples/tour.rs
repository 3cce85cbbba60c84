//! A tour of the library API: load a definition, read and write FEN, list and play moves,
//! detect the end of a game, count perft.
//!
//! Run with `cargo run --example tour` from the repository root.

use fairy_rules::{Game, MoveKind, Variant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Load and compile a definition; errors come back as diagnostics with line and column.
    let falcon = Variant::from_file("variants/falcon-chess.yaml")?;
    let start = falcon.start_position();
    println!("{}: {}", falcon.name, falcon.fen(&start));

    // Legal moves as values, and as text.
    let moves = falcon.legal_moves(&start);
    let texts: Vec<String> = moves.iter().map(|&m| falcon.move_text(m)).collect();
    println!("{} legal moves: {}", moves.len(), texts.join(" "));

    // Play moves given as text; a Game keeps the history for repetition.
    let mut game = Game::new(falcon.clone());
    for m in ["e2e4", "e7e5", "d1f4", "d8f5"] {
        let played = game.play(m)?;
        println!("played {} -> {}", falcon.move_text(played), game.fen());
    }

    // Free castling: every king destination is a move of its own.
    let open = falcon.parse_fen("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1")?;
    let castles: Vec<String> = falcon
        .legal_moves(&open)
        .into_iter()
        .filter(|m| matches!(m.kind, MoveKind::Castle { .. }))
        .map(|m| falcon.move_text(m))
        .collect();
    println!("castling moves: {}", castles.join(" "));

    // A bad move is an error that says why.
    if let Err(e) = game.play("a2a5") {
        println!("rejected: {e}");
    }

    // The end of a game.
    let chess = Variant::from_file("variants/chess.yaml")?;
    let mut mate = Game::new(chess.clone());
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        mate.play(m)?;
    }
    println!("fool's mate: {}", mate.outcome().expect("game over"));

    // Perft.
    println!(
        "chess perft(4) = {}",
        chess.perft(&chess.start_position(), 4)
    );
    Ok(())
}
