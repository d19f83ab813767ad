//! Game setup (O3): instance table from decks, first player from the seeded RNG, opening hands.
use super::{Inst, Outcome, Phase, State, Zone, DEFAULT_TURN_LIMIT, MAX_CARDS, MAX_PLAYERS, NONE};
use crate::data::{CardDb, Deck};
use crate::ids::{CardId, PlayerId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;
use std::sync::Arc;

/// Cards drawn before the first turn (O3).
pub const OPENING_HAND: usize = 5;

impl Inst {
    /// A card of `owner` in `zone` with no damage or links.
    pub fn new(card: CardId, owner: PlayerId, zone: Zone) -> Inst {
        Inst {
            card,
            owner,
            zone,
            host: NONE,
            orbital: 0,
            damage: 0,
            dv: 0,
            points: 0,
            flags: 0,
            order: 0,
            link: NONE,
            spare: 0,
        }
    }
}

/// Decks that do not fit one table (O29).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CapacityError {
    #[error("decks: a game seats 1 to {MAX_PLAYERS} players (O1, O29), found {0}")]
    Players(usize),
    #[error("decks: {0} cards in all; a game holds at most {MAX_CARDS} (O29)")]
    Cards(usize),
}

/// Checks that decks fit one table (O29): at most [`MAX_PLAYERS`] players and [`MAX_CARDS`]
/// cards, homeworlds included. Every loader calls this before [`State::from_decks`].
pub fn check_capacity(decks: &[Deck]) -> Result<(), CapacityError> {
    if decks.is_empty() || decks.len() > MAX_PLAYERS {
        return Err(CapacityError::Players(decks.len()));
    }
    let cards: usize = decks.iter().map(|d| d.cards.len() + 1).sum();
    if cards > MAX_CARDS {
        return Err(CapacityError::Cards(cards));
    }
    Ok(())
}

impl State {
    /// An empty table for `num_players` players, before any card is placed.
    pub fn empty(db: Arc<CardDb>, num_players: u8, seed: u64) -> State {
        let kept = super::tables::keep(db);
        State {
            table: &kept.db,
            db: &kept.db,
            values: &kept.values,
            cards: Vec::new(),
            num_players,
            active: PlayerId(0),
            first_player: PlayerId(0),
            phase: Phase::Upkeep,
            orbit_counter: 0,
            turn: 0,
            turn_limit: DEFAULT_TURN_LIMIT,
            outcome: Outcome::Ongoing,
            lost: 0,
            next_order: 0,
            turn_commands: 0,
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced_dice: VecDeque::new(),
            index: Default::default(),
            zones: Default::default(),
            maybe_waiting: u8::MAX,
        }
    }

    /// A fresh game (O3): homeworlds in play, decks in file order, five cards drawn, the first
    /// player picked by the seeded RNG. The first turn has not started yet: call
    /// [`crate::rules::start`] (or use [`crate::rules::new_game`]).
    ///
    /// Decks must fit one table ([`check_capacity`]); cards beyond the capacity are left out
    /// rather than wrapping around the byte ids.
    pub fn from_decks(db: Arc<CardDb>, decks: &[Deck], seed: u64) -> State {
        debug_assert!(check_capacity(decks).is_ok(), "{:?}", check_capacity(decks));
        let decks = &decks[..decks.len().min(MAX_PLAYERS)];
        let mut s = State::empty(db, decks.len() as u8, seed);
        for (p, deck) in decks.iter().enumerate() {
            let owner = PlayerId(p as u8);
            if s.cards.len() >= MAX_CARDS {
                break;
            }
            s.cards.push(Inst::new(deck.homeworld, owner, Zone::Asset));
            for (i, &c) in deck.cards.iter().enumerate() {
                if s.cards.len() >= MAX_CARDS {
                    break;
                }
                let mut inst = Inst::new(c, owner, Zone::Deck);
                inst.order = i as u16;
                s.cards.push(inst);
            }
        }
        s.reindex();
        s.first_player = PlayerId(s.rng.gen_range(0..s.num_players.max(1)));
        s.active = s.first_player;
        for p in 0..s.num_players {
            for _ in 0..OPENING_HAND {
                s.draw(PlayerId(p));
            }
        }
        s
    }

    /// Moves the top card of a deck to the hand (nothing if the deck is empty, O19).
    pub fn draw(&mut self, p: PlayerId) -> Option<crate::ids::CardRef> {
        let top = self.deck_top(p)?;
        let order = self.next_order;
        self.next_order = self.next_order.wrapping_add(1);
        self.set_zone(top, Zone::Hand);
        self.inst_mut(top).order = order;
        Some(top)
    }
}
