//! From a game name and its options to a table that starts games and plays series: the
//! options the command line's `orbitals match` takes, checked the same way, with the card
//! game's cards and decks built in (a deck may also be a path to a deck file).
use crate::live::{AnyGame, Live};
use orbitals::agent::AgentSpec;
use orbitals::data::{CardDb, Deck};
use orbitals::kit::encode::Encoding;
use orbitals::kit::series::{play_one, Series, Table};
use orbitals::kit::summary::GameResult;
use orbitals::kit::{Outcome, Ruleset};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

/// Options as given (every value as text).
pub type Options = BTreeMap<String, String>;

/// One game a series played.
#[derive(Clone, Debug)]
pub struct Row {
    pub index: u32,
    pub sides: Vec<usize>,
    pub outcome: Outcome,
    pub first_seat: usize,
    pub turns: u32,
    pub label: Option<String>,
}

impl Row {
    pub fn result(&self) -> GameResult {
        GameResult::of(self.outcome, &self.sides, self.first_seat, self.turns)
    }
}

/// A game's table, whatever the game.
pub trait AnyTable: Send + Sync {
    fn game(&self) -> &'static str;
    fn seats(&self) -> usize;
    /// What each side plays (decks, map, level), for summaries.
    fn side_names(&self) -> Vec<String>;
    fn turn_limit(&self) -> u16;
    /// A new game from `seed`, seats in side order.
    fn start(&self, seed: u64) -> Result<Box<dyn AnyGame>, String>;
    /// Games `range` of the series `agents`/`seed`, on `jobs` threads, in game order.
    fn series(
        &self,
        agents: &[AgentSpec],
        seed: u64,
        range: Range<u32>,
        jobs: usize,
    ) -> Result<Vec<Row>, String>;
}

/// Makes a playable game of a state, for games with an encoding.
type Maker<R> = fn(R, <R as Ruleset>::Labels) -> Box<dyn AnyGame>;

fn live<R: Encoding>(state: R, labels: R::Labels) -> Box<dyn AnyGame> {
    Box::new(Live::new(state, labels))
}

struct Tabled<R: Ruleset, T: Table<R>> {
    table: T,
    maker: Maker<R>,
    /// A scenario file's position every game starts from instead (reseeded per game).
    scenario: Option<(R, R::Labels)>,
    names: Vec<String>,
    turn_limit: u16,
}

impl<R: Ruleset, T: Table<R> + Send> AnyTable for Tabled<R, T> {
    fn game(&self) -> &'static str {
        R::NAME
    }
    fn seats(&self) -> usize {
        match &self.scenario {
            Some((s, _)) => s.num_players(),
            None => self.table.seats(),
        }
    }
    fn side_names(&self) -> Vec<String> {
        self.names.clone()
    }
    fn turn_limit(&self) -> u16 {
        self.turn_limit
    }
    fn start(&self, seed: u64) -> Result<Box<dyn AnyGame>, String> {
        let make = self.maker;
        if let Some((state, labels)) = &self.scenario {
            let mut s = state.clone();
            s.reseed(seed);
            return Ok(make(s, labels.clone()));
        }
        let n = self.table.seats();
        let sides: Vec<usize> = (0..n).collect();
        let start = self.table.start(0, &sides, seed)?;
        Ok(make(start.state, start.labels))
    }
    fn series(
        &self,
        agents: &[AgentSpec],
        seed: u64,
        range: Range<u32>,
        jobs: usize,
    ) -> Result<Vec<Row>, String> {
        if self.scenario.is_some() {
            return Err("a series starts from the table, not from a scenario file".into());
        }
        if agents.len() != self.table.seats() {
            return Err(format!(
                "{} seats need {} agents, got {}",
                self.table.seats(),
                self.table.seats(),
                agents.len()
            ));
        }
        let s = Series {
            agents: agents.to_vec(),
            games: range.end,
            seed,
            jobs,
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .build()
            .map_err(|e| e.to_string())?;
        pool.install(|| {
            range
                .into_par_iter()
                .map(|i| {
                    let g = play_one(&self.table, &s, i).map_err(|e| e.to_string())?;
                    Ok(Row {
                        index: g.index,
                        sides: g.sides,
                        outcome: g.record.outcome,
                        first_seat: g.record.first_seat,
                        turns: g.record.turns,
                        label: g.label,
                    })
                })
                .collect()
        })
    }
}

/// The games the binding knows: name, title, options.
pub const GAMES: &[(&str, &str, &[&str])] = &[
    (
        "orbitals",
        "the card game",
        &["deck1", "deck2", "cards", "turn_limit", "scenario"],
    ),
    (
        "globetrotter",
        "the rover game on the globe",
        &["players", "planets", "facing", "turn_limit", "scenario"],
    ),
    (
        "mothership",
        "the landing-ship game on a hex map",
        &["players", "scenario"],
    ),
    (
        "rover",
        "one rover gathers data on a hostile planet",
        &["level", "scenario"],
    ),
];

/// The built-in decks.
const DECKS: &[(&str, &str)] = &[
    ("vanguard", include_str!("../../decks/vanguard.yaml")),
    ("bastion", include_str!("../../decks/bastion.yaml")),
    ("swarm", include_str!("../../decks/swarm.yaml")),
];

/// The names of the built-in decks.
pub fn deck_names() -> Vec<&'static str> {
    DECKS.iter().map(|(n, _)| *n).collect()
}

struct Reader<'a> {
    game: &'static str,
    options: &'a Options,
}

impl Reader<'_> {
    fn number<N: std::str::FromStr>(&self, key: &str, what: &str) -> Result<Option<N>, String> {
        match self.options.get(key) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| format!("{} option {key}={v:?}: expected {what}", self.game)),
        }
    }
    fn flag(&self, key: &str) -> Result<bool, String> {
        match self.options.get(key).map(String::as_str) {
            None | Some("false") | Some("False") | Some("0") => Ok(false),
            Some("true") | Some("True") | Some("1") => Ok(true),
            Some(v) => Err(format!(
                "{} option {key}={v:?}: expected true or false",
                self.game
            )),
        }
    }
}

/// A scenario file's starting position (its commands played).
fn scenario<R: Ruleset>(path: &str) -> Result<(R, R::Labels), String> {
    let run = orbitals::kit::scenario::run_file::<R>(Path::new(path)).map_err(|e| e.to_string())?;
    if run.state.outcome().is_over() {
        return Err(format!("scenario {path}: the game is already over"));
    }
    Ok((run.state, run.labels))
}

fn tabled<R: Ruleset, T: Table<R> + Send + 'static>(
    table: T,
    maker: Maker<R>,
    options: &Options,
    names: Vec<String>,
    turn_limit: u16,
) -> Result<Box<dyn AnyTable>, String> {
    let scenario = match options.get("scenario") {
        Some(p) => Some(scenario::<R>(p)?),
        None => None,
    };
    Ok(Box::new(Tabled {
        table,
        maker,
        scenario,
        names,
        turn_limit,
    }))
}

/// The table of `game` with `options`; unknown games, options and values are errors naming
/// the value and what was expected.
pub fn table(game: &str, options: &Options) -> Result<Box<dyn AnyTable>, String> {
    let Some(&(name, _, known)) = GAMES.iter().find(|(n, _, _)| *n == game) else {
        return Err(format!(
            "unknown game {game:?}: expected one of {}",
            GAMES.iter().map(|g| g.0).collect::<Vec<_>>().join(", ")
        ));
    };
    for key in options.keys() {
        if !known.contains(&key.as_str()) {
            return Err(format!(
                "unknown option {key:?} for {name}: expected one of {}",
                known.join(", ")
            ));
        }
    }
    let r = Reader {
        game: name,
        options,
    };
    match name {
        "orbitals" => orbitals_table(&r),
        "globetrotter" => {
            use orbitals::globetrotter::{series::GlobeTable, setup::check_config, Config};
            let config = Config {
                players: r.number("players", "2 to 6")?.unwrap_or(2),
                planets: r.number("planets", "a number of planets")?.unwrap_or(1),
                facing: r.flag("facing")?,
                turn_limit: r
                    .number("turn_limit", "a number of turns")?
                    .unwrap_or(orbitals::globetrotter::state::DEFAULT_TURN_LIMIT),
            };
            if config.turn_limit == 0 {
                return Err("globetrotter option turn_limit=0: expected at least 1".into());
            }
            check_config(&config).map_err(|e| format!("globetrotter options: {e}"))?;
            let label = format!(
                "{} planet{}{}",
                config.planets,
                if config.planets == 1 { "" } else { "s" },
                if config.facing { ", facing" } else { "" }
            );
            let names = vec![label; config.players as usize];
            tabled(GlobeTable(config), live, options, names, config.turn_limit)
        }
        "mothership" => {
            let players: u8 = r.number("players", "2 to 4")?.unwrap_or(2);
            if !(2..=4).contains(&players) {
                return Err(format!(
                    "mothership option players={players}: expected 2 to 4 (M4)"
                ));
            }
            let map = if players == 2 { "duel" } else { "sector" };
            tabled(
                orbitals::mothership::series::MothershipTable { players },
                live,
                options,
                vec![map.to_string(); players as usize],
                u16::from(orbitals::mothership::state::LAST_TURN),
            )
        }
        _ => {
            use orbitals::rover::series::RoverTable;
            let table = match options.get("level").map(String::as_str) {
                None | Some("generated") => RoverTable::Generated,
                Some("default") => RoverTable::Default,
                Some(other) => {
                    return Err(format!(
                        "rover option level={other:?}: expected \"generated\" or \"default\""
                    ))
                }
            };
            let label = format!("{table:?} level").to_lowercase();
            tabled(
                table,
                live,
                options,
                vec![label],
                orbitals::rover::state::ROUND_LIMIT as u16,
            )
        }
    }
}

/// The card game's table: built-in cards (or `cards`, a folder), decks by name or path.
fn orbitals_table(r: &Reader) -> Result<Box<dyn AnyTable>, String> {
    use orbitals::scenario::table::DeckTable;
    let db = Arc::new(match r.options.get("cards") {
        Some(dir) => CardDb::load_dir(Path::new(dir)).map_err(|e| format!("cards {dir}: {e}"))?,
        None => CardDb::builtin().map_err(|e| e.to_string())?,
    });
    let deck = |key: &str, default: &str| -> Result<Deck, String> {
        let v = r.options.get(key).map(String::as_str).unwrap_or(default);
        if let Some((n, text)) = DECKS.iter().find(|(n, _)| *n == v) {
            return Deck::parse(Path::new(&format!("decks/{n}.yaml")), text, &db)
                .map_err(|e| e.to_string());
        }
        let path = Path::new(v);
        if path.is_file() {
            return Deck::load(path, &db).map_err(|e| e.to_string());
        }
        Err(format!(
            "orbitals option {key}={v:?}: expected a deck ({}) or a deck file",
            deck_names().join(", ")
        ))
    };
    let turn_limit = r
        .number("turn_limit", "a number of turns")?
        .unwrap_or(orbitals::state::DEFAULT_TURN_LIMIT);
    if turn_limit == 0 {
        return Err("orbitals option turn_limit=0: expected at least 1".into());
    }
    let table = DeckTable {
        db: db.clone(),
        decks: [deck("deck1", "vanguard")?, deck("deck2", "bastion")?],
        turn_limit,
        swap_decks: false,
        mirror: Vec::new(),
        cross: Vec::new(),
        cards: "cards".into(),
    };
    let names = table.side_names();
    tabled(table, live, r.options, names, turn_limit)
}
