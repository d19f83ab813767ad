//! Command-line interface (clap): argument types and dispatch to the subcommands.

/// `print!` that returns write errors (a closed pipe) to the caller instead of panicking.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($t)*)?
    }};
}
/// `println!` that returns write errors (a closed pipe) to the caller instead of panicking.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($t)*)?
    }};
}

mod balance;
mod bench;
mod cards;
#[cfg(feature = "client")]
mod client;
mod deck_tools;
mod matches;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use orbitals::data::CardDb;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Parser, Debug)]
#[command(name = "orbitals", version, about = "Orbitals: a 4X space card game")]
pub struct Cli {
    /// Card directory.
    #[arg(long, global = true, default_value = "cards")]
    pub cards: PathBuf,
    /// Client options (used when no subcommand is given).
    #[cfg(feature = "client")]
    #[command(flatten)]
    pub client: client::ClientArgs,
    #[command(subcommand)]
    pub command: Option<Cmd>,
}

#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// List cards or show one card.
    Cards {
        #[command(subcommand)]
        what: Option<CardsCmd>,
    },
    /// Deck tools.
    Deck {
        #[command(subcommand)]
        what: DeckCmd,
    },
    /// Scenario and replay files.
    Scenario {
        #[command(subcommand)]
        what: ScenarioCmd,
    },
    /// Play AI-vs-AI games.
    Match(Box<matches::MatchArgs>),
    /// Every deck against every deck: a win-rate matrix and a per-card report.
    Balance(Box<balance::BalanceArgs>),
    /// Measure engine speed (one line per figure).
    Bench(bench::BenchArgs),
    /// Write the JSON Schemas of every data and scenario file (editor completion and checks).
    Schema {
        /// Folder to write `<name>.schema.json` files into.
        #[arg(long, default_value = "schemas")]
        out: PathBuf,
    },
    /// Play a headless demo game and print it.
    Demo {
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

#[derive(Subcommand, Debug)]
pub enum CardsCmd {
    /// One line per card.
    List,
    /// Everything about one card.
    Show { id: String },
}

#[derive(Subcommand, Debug)]
pub enum DeckCmd {
    /// Check deck files against the card database; lists every problem.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Build-point curve, classes, population and draw order of deck files.
    Stats {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Write a new deck file to fill in (name, homeworld, an empty card list).
    New {
        name: String,
        /// The homeworld's card id (`orbitals cards list`).
        #[arg(long)]
        homeworld: String,
        /// Where to write it (never overwritten).
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(Subcommand, Debug)]
pub enum ScenarioCmd {
    /// Run a scenario or replay and print the final state as YAML.
    Run {
        file: PathBuf,
        /// Print the event log too.
        #[arg(long)]
        events: bool,
    },
}

/// Loads the card database, reporting every problem.
pub fn load_db(dir: &Path) -> Result<Arc<CardDb>> {
    CardDb::load_dir(dir)
        .map(Arc::new)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("loading cards from {}", dir.display()))
}

/// `scenario run`: dispatches on the file's `game:` key (`orbitals` when absent).
fn run_scenario(file: &Path, events: bool) -> Result<()> {
    let report =
        orbitals::games::run_any_scenario(file, events).map_err(|e| anyhow::anyhow!("{e}"))?;
    for w in &report.warnings {
        eprintln!("warning: {w}");
    }
    out!("{}", report.yaml);
    Ok(())
}

/// `schema`: writes every schema of [`orbitals::schemas::SCHEMAS`] into `out`.
fn write_schemas(out: &Path) -> Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    for s in orbitals::schemas::SCHEMAS {
        let path = out.join(s.file_name());
        orbitals::kit::save::write_atomic(&path, &s.text())
            .map_err(|e| anyhow::anyhow!("{e}"))
            .with_context(|| format!("writing {}", path.display()))?;
        outln!("{}: {}", path.display(), s.about);
    }
    Ok(())
}

/// True when the error comes from writing to a closed pipe (`orbitals cards list | head -1`):
/// the reader has all it wanted, so the command ends quietly.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

pub fn run(cli: Cli) -> Result<()> {
    #[cfg(feature = "client")]
    if cli.command.is_some() && cli.client.any() {
        anyhow::bail!("--screenshot, --demo, --screen, --deck and --bench-frames open the client: use them without a subcommand");
    }
    match cli.command {
        #[cfg(feature = "client")]
        None => client::run(&cli.cards, &cli.client),
        #[cfg(not(feature = "client"))]
        None => matches::demo(&cli.cards, 1),
        Some(Cmd::Demo { seed }) => matches::demo(&cli.cards, seed),
        Some(Cmd::Cards { what }) => cards::run(&cli.cards, what.unwrap_or(CardsCmd::List)),
        Some(Cmd::Deck {
            what: DeckCmd::Check { files },
        }) => cards::check_decks(&cli.cards, &files),
        Some(Cmd::Deck {
            what: DeckCmd::Stats { files },
        }) => deck_tools::stats(&cli.cards, &files),
        Some(Cmd::Deck {
            what:
                DeckCmd::New {
                    name,
                    homeworld,
                    out,
                },
        }) => deck_tools::new_deck(&cli.cards, &name, &homeworld, &out),
        Some(Cmd::Scenario {
            what: ScenarioCmd::Run { file, events },
        }) => run_scenario(&file, events),
        Some(Cmd::Match(args)) => matches::run(&cli.cards, *args),
        Some(Cmd::Balance(args)) => balance::run(&cli.cards, *args),
        Some(Cmd::Bench(args)) => bench::run(&cli.cards, args),
        Some(Cmd::Schema { out }) => write_schemas(&out),
    }
}
