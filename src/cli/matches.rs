//! `orbitals match` and the headless demo.
use super::load_db;
use anyhow::{bail, Context, Result};
use clap::Args;
use orbitals::agent::parse_agent;
use orbitals::data::Deck;
use orbitals::play::{play_game, GameRecord};
use orbitals::scenario::{self, notation, Handles};
use orbitals::state::{Outcome, State, DEFAULT_TURN_LIMIT};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct MatchArgs {
    #[arg(long, default_value = "decks/vanguard.yaml")]
    pub deck1: PathBuf,
    #[arg(long, default_value = "decks/bastion.yaml")]
    pub deck2: PathBuf,
    /// Agent for seat 1 (`random`).
    #[arg(long, default_value = "random")]
    pub p1: String,
    /// Agent for seat 2.
    #[arg(long, default_value = "random")]
    pub p2: String,
    #[arg(long, default_value_t = 1)]
    pub games: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, default_value_t = DEFAULT_TURN_LIMIT)]
    pub turn_limit: u16,
    /// Save the (first) game as a replay in scenario format.
    #[arg(long)]
    pub save: Option<PathBuf>,
}

fn record_commands(
    r: &GameRecord,
    db: std::sync::Arc<orbitals::data::CardDb>,
    decks: &[Deck],
) -> Vec<String> {
    let s = State::from_decks(db, decks, r.seed);
    let h = Handles::defaults(&s);
    r.commands
        .iter()
        .map(|c| notation::format_command(c, &h))
        .collect()
}

/// Path of `target` written relative to the directory of `from_file`, if both resolve.
fn relative_to(target: &Path, from_file: &Path) -> String {
    let t = std::fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf());
    let dir = from_file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let d = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let (tc, dc): (Vec<_>, Vec<_>) = (t.components().collect(), d.components().collect());
    let common = tc.iter().zip(&dc).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..dc.len() {
        out.push("..");
    }
    for c in &tc[common..] {
        out.push(c);
    }
    out.to_string_lossy().into_owned()
}

pub fn run(cards: &Path, a: MatchArgs) -> Result<()> {
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    let db = load_db(cards)?;
    let d1 = Deck::load(&a.deck1, &db).map_err(|e| anyhow::anyhow!("{e}"))?;
    let d2 = Deck::load(&a.deck2, &db).map_err(|e| anyhow::anyhow!("{e}"))?;
    parse_agent(&a.p1, 0)
        .map_err(anyhow::Error::msg)
        .context("--p1")?;
    parse_agent(&a.p2, 0)
        .map_err(anyhow::Error::msg)
        .context("--p2")?;
    let (mut w1, mut w2, mut draws, mut turns) = (0u32, 0u32, 0u32, 0u64);
    let start = std::time::Instant::now();
    for g in 0..a.games {
        let seed = a.seed.wrapping_add(g as u64);
        let mut agents = vec![
            parse_agent(&a.p1, seed.wrapping_mul(2)).map_err(anyhow::Error::msg)?,
            parse_agent(&a.p2, seed.wrapping_mul(2) + 1).map_err(anyhow::Error::msg)?,
        ];
        let decks = [d1.clone(), d2.clone()];
        let r = play_game(db.clone(), &decks, seed, a.turn_limit, &mut agents, &mut ());
        match r.outcome {
            Outcome::Winner(p) if p.0 == 0 => w1 += 1,
            Outcome::Winner(_) => w2 += 1,
            _ => draws += 1,
        }
        turns += r.turns as u64;
        if g == 0 {
            if let Some(path) = &a.save {
                let lines = record_commands(&r, db.clone(), &decks);
                let text = scenario::replay_yaml(
                    &relative_to(cards, path),
                    seed,
                    a.turn_limit,
                    &decks,
                    &db,
                    &lines,
                    &notation::format_outcome(r.outcome),
                );
                std::fs::write(path, text)
                    .with_context(|| format!("writing {}", path.display()))?;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "games: {}  p1 ({}) wins: {w1}  p2 ({}) wins: {w2}  draws: {draws}",
        a.games, a.p1, a.p2
    );
    println!(
        "mean turns: {:.1}  games/s: {:.1}",
        turns as f64 / a.games as f64,
        a.games as f64 / secs
    );
    Ok(())
}

/// Plays one random-vs-random game and prints its event log.
pub fn demo(cards: &Path, seed: u64) -> Result<()> {
    let db = load_db(cards)?;
    let d1 =
        Deck::load(Path::new("decks/vanguard.yaml"), &db).map_err(|e| anyhow::anyhow!("{e}"))?;
    let d2 =
        Deck::load(Path::new("decks/bastion.yaml"), &db).map_err(|e| anyhow::anyhow!("{e}"))?;
    let decks = [d1, d2];
    let mut agents = vec![
        parse_agent("random", seed).map_err(anyhow::Error::msg)?,
        parse_agent("random", seed + 1).map_err(anyhow::Error::msg)?,
    ];
    let mut events = Vec::new();
    let r = play_game(
        db.clone(),
        &decks,
        seed,
        DEFAULT_TURN_LIMIT,
        &mut agents,
        &mut events,
    );
    let h = Handles::defaults(&State::from_decks(db, &decks, seed));
    for e in &events {
        println!("{}", notation::format_event(e, &h));
    }
    println!(
        "result: {} after {} turns",
        notation::format_outcome(r.outcome),
        r.turns
    );
    Ok(())
}
