//! `balance --reuse REPORT`: a run that changes some decks plays only the pairings that
//! changed, and takes the others' games from an earlier report.
//!
//! Every game of a balance pairing follows from the run's seed, the agent, the turn limit, the
//! card definitions and the pairing's two decks in their seats: the kit's series seeds each
//! game and each agent from the run's seed and the game's index, and decks are never shuffled
//! (O2). A pairing that the earlier report played with the same settings, the same cards and
//! the same two decks (card for card, in draw order, the same deck first) would be played
//! again move for move, so its games are copied. A game reads only the cards of its two decks,
//! so when other cards changed, a report that keeps each deck's fingerprint
//! ([`records::deck_fingerprint`]) still gives the pairings whose decks' cards are all as they
//! were: a round that changes one homeworld replays only its deck's pairings. Only a report
//! played by the same rules and AI gives the games a fresh run would; the report cannot tell
//! which program played it.
use super::records::{self, PairGame, RunFile};
use anyhow::{bail, Result};
use orbitals::data::{CardDb, Deck};
use std::path::Path;

/// The earlier report whose games a run may reuse.
pub(super) struct Reuse {
    file: RunFile,
}

/// The settings of the run about to be played, which the earlier report must share.
pub(super) struct Settings<'a> {
    pub agent: &'a str,
    pub seed: u64,
    pub games: u32,
    pub turn_limit: u16,
}

impl Reuse {
    /// Reads the report at `path` and checks that it was played with `now`'s settings and the
    /// cards in `db`; otherwise none of its games would be the ones this run plays.
    pub fn load(path: &Path, db: &CardDb, now: &Settings) -> Result<Reuse> {
        let file = records::read_checked(path, db)?;
        let name = path.display();
        let why = if file.agent != now.agent {
            Some(format!("agent `{}`, not `{}`", file.agent, now.agent))
        } else if file.seeds != [now.seed] {
            Some(format!(
                "seeds {:?}, not the single seed {}",
                file.seeds, now.seed
            ))
        } else if file.games_per_pair != now.games {
            Some(format!(
                "{} games a pairing, not {}",
                file.games_per_pair, now.games
            ))
        } else if file.turn_limit != now.turn_limit {
            Some(format!(
                "turn limit {}, not {}",
                file.turn_limit, now.turn_limit
            ))
        } else if file.cards_fingerprint != records::cards_fingerprint(db)
            && file.deck_fingerprints.len() != file.decks.len()
        {
            // Reports that keep each deck's fingerprint can still give the pairings whose
            // decks' cards did not change (see `games`).
            Some(
                "other card definitions than the cards loaded now, and it keeps no \
                 fingerprint of each deck's cards"
                    .to_string(),
            )
        } else {
            None
        };
        if let Some(why) = why {
            bail!("--reuse {name}: played with {why}, so none of its games can be reused");
        }
        Ok(Reuse { file })
    }

    /// The earlier report's games of `first` against `second` (this run's pairing `pair`, the
    /// lower deck first), renumbered as that pairing's; none unless the report played the same
    /// two decks in the same order, every game of them.
    pub fn games(
        &self,
        db: &CardDb,
        first: &Deck,
        second: &Deck,
        pair: [usize; 2],
    ) -> Option<Vec<PairGame>> {
        let f = &self.file;
        let find = |d: &Deck| {
            let ids = records::deck_cards(db, d);
            let print = records::deck_fingerprint(db, d);
            (0..f.decks.len()).find(|&k| {
                f.decks[k] == d.name
                    && f.deck_cards[k] == ids
                    && f.deck_fingerprints.get(k).is_none_or(|p| *p == print)
            })
        };
        let (i, j) = (find(first)?, find(second)?);
        if i > j {
            return None;
        }
        let games: Vec<PairGame> = f
            .game_results
            .iter()
            .filter(|g| g.pair == [i, j])
            .map(|g| PairGame { pair, ..g.clone() })
            .collect();
        (games.len() == f.games_per_pair as usize).then_some(games)
    }
}
