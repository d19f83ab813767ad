//! The game state: a flat table of card instances plus a few counters.
//!
//! Every physical card of every player is one [`Inst`] in `State::cards`, addressed by a stable
//! [`CardRef`]; its [`Zone`] says where it is. The table is a single small `Vec` of plain bytes, so
//! cloning a state is one allocation and a copy. Card stats are read from the shared [`CardDb`].
mod invariants;
mod read;
pub mod setup;
mod stats;
mod table_bits;
mod tables;
mod zone_bits;
mod zone_masks;

use table_bits::ZoneCards;
pub(crate) use table_bits::{by_shape, CardBits, TableBits, Word};
pub(crate) use zone_bits::CardSet;

use crate::data::CardDb;
use crate::ids::{CardId, CardRef, PlayerId};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;

/// Sentinel for "no card" in `u8` links.
pub const NONE: u8 = u8::MAX;
/// Default turn limit (O25): the match is a draw after this many player turns.
pub const DEFAULT_TURN_LIMIT: u16 = 200;
/// Most players at one table (O1, O29): player ids are bytes and `lost` is a bit per player.
pub const MAX_PLAYERS: usize = 8;
/// Most cards at one table (O29): card refs are bytes and [`NONE`] is reserved.
pub const MAX_CARDS: usize = 248;
/// Commands in one turn after which the turn ends as if passed (O30).
pub const MAX_TURN_COMMANDS: u16 = 500;

/// Where a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// In the owner's deck; `order` gives the draw order (lowest on top).
    Deck,
    /// In the owner's hand; `order` is the order it arrived.
    Hand,
    /// A spacecraft in play, in orbital `orbital` of asset `host`.
    Ship,
    /// An asset in play on its owner's field.
    Asset,
    /// An upgrade installed under asset `host`.
    Upgrade,
    /// Face down under construction: on asset `host` (spacecraft, upgrade) or, with `host == NONE`,
    /// on the owner's field (asset project).
    Project,
    /// A destroyed spacecraft: debris in orbital `orbital` of asset `host` (O17).
    Debris,
    /// Out of the game.
    Removed,
}

impl Zone {
    /// Every zone, in declaration order.
    pub const ALL: [Zone; 8] = [
        Zone::Deck,
        Zone::Hand,
        Zone::Ship,
        Zone::Asset,
        Zone::Upgrade,
        Zone::Project,
        Zone::Debris,
        Zone::Removed,
    ];
}

/// Flag bits of [`Inst::flags`].
pub mod flag {
    /// Asset tapped this turn (O19–O21).
    pub const TAPPED: u8 = 1;
    /// Asset destroyed (O16), drawn upside down.
    pub const DESTROYED: u8 = 2;
    /// Spacecraft entered play this turn and may not maneuver (O9).
    pub const FRESH: u8 = 4;
}

/// One physical card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inst {
    pub card: CardId,
    pub owner: PlayerId,
    pub zone: Zone,
    /// Asset this card is on or orbits ([`NONE`] if none).
    pub host: u8,
    /// Orbital index for ships and debris.
    pub orbital: u8,
    pub damage: u8,
    /// Current delta-vee of a ship.
    pub dv: u8,
    /// Construction points of a project.
    pub points: u8,
    pub flags: u8,
    /// Draw order in the deck, arrival order in the hand.
    pub order: u16,
    /// For an asset: its installed upgrade ([`NONE`] if none). Kept in step with the upgrade's
    /// `host` by the code that installs and destroys upgrades; checked by the invariants.
    pub link: u8,
    /// Always 0: fills the byte the compiler would otherwise leave as padding, so that every
    /// byte of a card is part of its value and tables can be compared as bytes
    /// ([`Inst::table_bytes`]).
    #[serde(skip)]
    pub(crate) spare: u8,
}

/// Every field of [`Inst`] is a byte or a pair of bytes, fourteen bytes in all: the struct's
/// size, so it has no padding.
const _: () = assert!(std::mem::size_of::<Inst>() == 14 && std::mem::align_of::<Inst>() == 2);

impl Inst {
    /// The bytes of a table of cards: two tables hold the same cards exactly when their bytes
    /// are equal.
    pub(crate) fn table_bytes(cards: &[Inst]) -> &[u8] {
        // SAFETY: `Inst` has no padding (asserted above), so every byte of the slice is
        // initialized; the view borrows `cards` and has its exact size.
        unsafe {
            std::slice::from_raw_parts(cards.as_ptr().cast::<u8>(), std::mem::size_of_val(cards))
        }
    }

    pub fn has(&self, f: u8) -> bool {
        self.flags & f != 0
    }
    pub fn set(&mut self, f: u8, on: bool) {
        if on {
            self.flags |= f
        } else {
            self.flags &= !f
        }
    }
    pub fn host_ref(&self) -> Option<CardRef> {
        (self.host != NONE).then_some(CardRef(self.host))
    }
    /// An asset's installed upgrade, if any.
    pub fn link_ref(&self) -> Option<CardRef> {
        (self.link != NONE).then_some(CardRef(self.link))
    }
    /// An asset that has researched, repaired or contributed this turn (O19–O21).
    pub fn is_tapped(&self) -> bool {
        self.has(flag::TAPPED)
    }
    /// A destroyed asset (O16).
    pub fn is_destroyed(&self) -> bool {
        self.has(flag::DESTROYED)
    }
    /// A spacecraft that entered play this turn and may not maneuver yet (O9).
    pub fn is_fresh(&self) -> bool {
        self.has(flag::FRESH)
    }
}

/// The six phases of a turn (O4).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Upkeep,
    Maneuvers,
    Research,
    Repair,
    Construction,
    EndOfTurn,
}

impl Phase {
    pub const ALL: [Phase; 6] = [
        Phase::Upkeep,
        Phase::Maneuvers,
        Phase::Research,
        Phase::Repair,
        Phase::Construction,
        Phase::EndOfTurn,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Phase::Upkeep => "upkeep",
            Phase::Maneuvers => "maneuvers",
            Phase::Research => "research",
            Phase::Repair => "repair",
            Phase::Construction => "construction",
            Phase::EndOfTurn => "end of turn",
        }
    }
    /// The phase after this one, `None` after end of turn.
    pub fn next(self) -> Option<Phase> {
        Phase::ALL.get(self as usize + 1).copied()
    }
}

/// How the game stands (O25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Ongoing,
    Winner(PlayerId),
    Draw,
}

/// The whole game state.
#[derive(Debug, Serialize, Deserialize)]
pub struct State {
    /// Card definitions, kept for the process ([`tables`]); not serialized: attach with
    /// [`State::with_db`] after loading.
    #[serde(skip, default = "tables::empty")]
    pub(crate) table: &'static Arc<CardDb>,
    /// The same table, one pointer nearer: the hot loops read it.
    #[serde(skip, default = "tables::empty_db")]
    pub(crate) db: &'static CardDb,
    /// The evaluation's constants of each card of the table ([`tables`]).
    #[serde(skip, default = "tables::empty_values")]
    pub(crate) values: &'static [crate::scenario::eval::CardValue],
    pub(crate) cards: Vec<Inst>,
    pub(crate) num_players: u8,
    pub(crate) active: PlayerId,
    pub(crate) first_player: PlayerId,
    pub(crate) phase: Phase,
    /// O5: 0 before the first turn, then 1..=4.
    pub(crate) orbit_counter: u8,
    /// Player turns started so far (1 during the first turn).
    pub(crate) turn: u16,
    pub(crate) turn_limit: u16,
    pub(crate) outcome: Outcome,
    /// Bit per player that has lost or conceded.
    pub(crate) lost: u8,
    /// Next value for [`Inst::order`] of a card arriving in a hand.
    pub(crate) next_order: u16,
    /// Commands played in the current turn (O30 ends a turn after [`MAX_TURN_COMMANDS`]).
    #[serde(default)]
    pub(crate) turn_commands: u16,
    pub(crate) rng: ChaCha8Rng,
    /// Dice results used before the RNG, for tests and scenarios.
    pub(crate) forced_dice: VecDeque<u8>,
    /// Facts of the card table that cannot change during a game, cached for speed; not part
    /// of the game's value (not serialized, not compared). See [`State::reindex`].
    #[serde(skip)]
    pub(crate) index: TableIndex,
    /// Every card's zone as bit sets, kept as cards move ([`State::set_zone`]); not part of the
    /// game's value either.
    #[serde(skip)]
    pub(crate) zones: zone_masks::ZoneMasks,
    /// Bit per player who may have a finished spacecraft waiting for population (O22): set
    /// when a project finishes without room, and whenever the table is rebuilt or dealt; the
    /// Construction phase's deployment clears it when none is left. A clear bit spares that
    /// phase a pass over the player's projects, which almost never hold a waiting ship. Not
    /// part of the game's value (a hint: a set bit only costs that pass).
    #[serde(skip, default = "all_players")]
    pub(crate) maybe_waiting: u8,
}

/// Every player's bit of a per-player hint.
fn all_players() -> u8 {
    u8::MAX
}

/// Written out so that [`Clone::clone_from`] copies into the target's own tables instead of
/// allocating new ones: searches copy a position into kept states millions of times
/// ([`crate::core::game::Outcomes`]).
impl Clone for State {
    fn clone(&self) -> Self {
        State {
            table: self.table,
            db: self.db,
            values: self.values,
            cards: self.cards.clone(),
            num_players: self.num_players,
            active: self.active,
            first_player: self.first_player,
            phase: self.phase,
            orbit_counter: self.orbit_counter,
            turn: self.turn,
            turn_limit: self.turn_limit,
            outcome: self.outcome,
            lost: self.lost,
            next_order: self.next_order,
            turn_commands: self.turn_commands,
            rng: self.rng.clone(),
            // Empty in every game but a scripted one: no call into the deque's clone.
            forced_dice: if self.forced_dice.is_empty() {
                VecDeque::new()
            } else {
                self.forced_dice.clone()
            },
            index: self.index,
            zones: self.zones,
            maybe_waiting: self.maybe_waiting,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        // Destructured so that a new field cannot be forgotten here.
        let State {
            table,
            db,
            values,
            cards,
            num_players,
            active,
            first_player,
            phase,
            orbit_counter,
            turn,
            turn_limit,
            outcome,
            lost,
            next_order,
            turn_commands,
            rng,
            forced_dice,
            index,
            zones,
            maybe_waiting,
        } = source;
        self.table = table;
        self.db = db;
        self.values = values;
        self.cards.clone_from(cards);
        self.num_players = *num_players;
        self.active = *active;
        self.first_player = *first_player;
        self.phase = *phase;
        self.orbit_counter = *orbit_counter;
        self.turn = *turn;
        self.turn_limit = *turn_limit;
        self.outcome = *outcome;
        self.lost = *lost;
        self.next_order = *next_order;
        self.turn_commands = *turn_commands;
        self.rng.clone_from(rng);
        if !(self.forced_dice.is_empty() && forced_dice.is_empty()) {
            self.forced_dice.clone_from(forced_dice);
        }
        self.index = *index;
        self.zones = *zones;
        self.maybe_waiting = *maybe_waiting;
    }
}

const TRIGGER_BITS: [u8; 2] = [
    crate::data::hot::TRIGGER_UPKEEP,
    crate::data::hot::TRIGGER_END_OF_TURN,
];

/// Most players a card table is indexed for; larger tables fall back to searching.
const INDEXED_PLAYERS: usize = 8;

/// Per-player facts of the card table that no command changes: each player's slice of the
/// table (cards are grouped by owner and never change owner) and which cards have triggered
/// abilities (refit swaps a player's own cards, so the set of cards is fixed).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TableIndex {
    valid: bool,
    starts: [u8; INDEXED_PLAYERS + 1],
    /// Per trigger bit (upkeep, end of turn): which cards of the table have that trigger, bit
    /// `i` for the card at table index `i`.
    triggers: [[u64; zone_bits::WORDS]; 2],
    /// Bit per player whose deck lies in draw order along the table (a dealt game's decks
    /// do): no card enters a deck and no deck card's order changes during a game, so its top
    /// card stays its first one in table order.
    deck_sorted: u8,
}

impl TableIndex {
    /// The trigger masks, for tests that compare two indexes.
    #[cfg(test)]
    pub(crate) fn trigger_masks(&self) -> [[u64; zone_bits::WORDS]; 2] {
        self.triggers
    }

    /// The cards of `r` with trigger `TRIGGER_BITS[k]`.
    fn trigger_set(&self, k: usize, r: std::ops::Range<usize>) -> CardSet {
        let mut words = self.triggers[k];
        for (w, m) in words.iter_mut().zip(zone_masks::range_words(r)) {
            *w &= m;
        }
        CardSet::from_words(words)
    }
}

impl PartialEq for State {
    fn eq(&self, o: &Self) -> bool {
        self.cards == o.cards
            && self.num_players == o.num_players
            && self.active == o.active
            && self.first_player == o.first_player
            && self.phase == o.phase
            && self.orbit_counter == o.orbit_counter
            && self.turn == o.turn
            && self.turn_limit == o.turn_limit
            && self.outcome == o.outcome
            && self.lost == o.lost
            && self.next_order == o.next_order
            && self.turn_commands == o.turn_commands
            && self.rng == o.rng
            && self.forced_dice == o.forced_dice
    }
}

impl State {
    /// Attaches the card database (after deserializing a state).
    pub fn with_db(mut self, db: Arc<CardDb>) -> State {
        let kept = tables::keep(db);
        self.table = &kept.db;
        self.db = &kept.db;
        self.values = &kept.values;
        self.reindex();
        self
    }

    /// Rebuilds the cached [`TableIndex`]; call after adding cards to the table.
    pub fn reindex(&mut self) {
        self.rebuild_zones();
        self.maybe_waiting = all_players();
        self.index.valid = false;
        let n = self.num_players as usize;
        if n > INDEXED_PLAYERS || self.db.is_empty() && !self.cards.is_empty() {
            return;
        }
        let mut ix = TableIndex::default();
        for p in 0..n {
            let r = self.search_range(PlayerId(p as u8));
            ix.starts[p] = r.start as u8;
            ix.starts[p + 1] = r.end as u8;
            if self.deck_in_draw_order(r) {
                ix.deck_sorted |= PlayerId(p as u8).bit();
            }
        }
        ix.valid = true;
        self.index = ix;
        for p in 0..n {
            self.reindex_triggers(PlayerId(p as u8));
        }
    }

    /// Rebuilds the trigger masks of one player's cards, after their identities changed.
    pub(crate) fn reindex_triggers(&mut self, p: PlayerId) {
        if p.index() >= self.num_players as usize {
            return;
        }
        self.reindex_triggers_at(self.player_range(p));
    }

    /// Rebuilds the trigger masks of the cards at table indices `at`, after their identities
    /// changed (a determinized state deals the hidden cards again). Indices past the table or
    /// past the masks are left alone.
    pub(crate) fn reindex_triggers_at(&mut self, at: impl IntoIterator<Item = usize>) {
        if !self.index.valid {
            return;
        }
        // The cards' bits are gathered first and each word of the masks written once:
        // updating the masks in memory card by card makes each write wait for the one before.
        let mut clear = [0u64; zone_bits::WORDS];
        let mut set = [[0u64; zone_bits::WORDS]; 2];
        for i in at {
            let Some(c) = self.cards.get(i) else { continue };
            let t = self.db.hot(c.card).triggers;
            let Some(w) = clear.get_mut(i / 64) else {
                continue;
            };
            let b = 1u64 << (i % 64);
            *w |= b;
            for (m, bit) in set.iter_mut().zip(TRIGGER_BITS) {
                m[i / 64] |= b * u64::from(t & bit != 0);
            }
        }
        for (masks, set) in self.index.triggers.iter_mut().zip(set) {
            for ((m, c), s) in masks.iter_mut().zip(clear).zip(set) {
                *m = (*m & !c) | s;
            }
        }
    }

    /// The table indices of a player's cards whose card has trigger `bit`
    /// (`data::hot::TRIGGER_UPKEEP` or `TRIGGER_END_OF_TURN`), in table order: those in play
    /// (no card elsewhere fires anything, a project included). The caller still checks
    /// zones: a destroyed asset fires nothing, and an effect may move a card.
    /// Without the kept index (a state just read from a file), every card of the player.
    #[inline]
    pub fn trigger_cards(&self, p: PlayerId, bit: u8) -> impl Iterator<Item = usize> {
        let range = self.player_range(p);
        let k = TRIGGER_BITS.iter().position(|&b| b == bit);
        let cards = match (k, self.in_play_word()) {
            (Some(k), Some(in_play)) if self.index.valid => {
                let mine = Word(self.index.triggers[k][0] & in_play.0).within(range);
                ZoneCards::Word(mine.cards())
            }
            (Some(k), _) if self.index.valid => {
                let set = self.index.trigger_set(k, range).and(&self.in_play());
                ZoneCards::Set(set.cards())
            }
            _ => ZoneCards::Set(CardSet::from_words(zone_masks::range_words(range)).cards()),
        };
        cards.map(|r| r.index())
    }

    pub fn inst(&self, r: CardRef) -> &Inst {
        &self.cards[r.index()]
    }
    pub fn inst_mut(&mut self, r: CardRef) -> &mut Inst {
        &mut self.cards[r.index()]
    }
    pub fn get(&self, r: CardRef) -> Option<&Inst> {
        self.cards.get(r.index())
    }
    pub fn card_of(&self, r: CardRef) -> &crate::data::Card {
        self.db.card(self.inst(r).card)
    }

    /// All card refs with their instances.
    pub fn refs(&self) -> impl Iterator<Item = (CardRef, &Inst)> {
        self.cards
            .iter()
            .enumerate()
            .map(|(i, c)| (CardRef(i as u8), c))
    }

    /// The slice of the card table holding one player's cards: the table is always grouped by
    /// owner in seat order (an invariant), so this is two binary searches, or two reads of the
    /// kept index (inlined: every zone question of a player asks it first).
    #[inline]
    pub fn player_range(&self, p: PlayerId) -> std::ops::Range<usize> {
        if self.index.valid && p.index() < self.num_players as usize {
            return self.index.starts[p.index()] as usize
                ..self.index.starts[p.index() + 1] as usize;
        }
        self.search_range(p)
    }

    #[cold]
    fn search_range(&self, p: PlayerId) -> std::ops::Range<usize> {
        let lo = self.cards.partition_point(|c| c.owner < p);
        let hi = self.cards.partition_point(|c| c.owner <= p);
        lo..hi.max(lo)
    }

    /// Cards of one player in one zone, in table order.
    #[inline(always)]
    pub fn zone(&self, p: PlayerId, z: Zone) -> impl Iterator<Item = (CardRef, &Inst)> {
        let cards = self.zone_cards(p, z);
        cards.map(move |r| (r, &self.cards[r.index()]))
    }

    /// The references of [`State::zone`]: an iterator that holds no borrow of the state, for
    /// loops that change the cards they visit.
    #[inline(always)]
    pub(crate) fn zone_cards(&self, p: PlayerId, z: Zone) -> ZoneCards {
        ZoneCards::of(self.zone_words(p, [z]).map(|[w]| w), || {
            self.zone_sets(p, [z])[0]
        })
    }

    /// `p`'s cards in play ([`State::in_play`]), holding no borrow of the state.
    #[inline(always)]
    pub(crate) fn in_play_cards(&self, p: PlayerId) -> ZoneCards {
        let range = self.player_range(p);
        let word = self.in_play_word().map(|w| w.within(range.clone()));
        ZoneCards::of(word, || self.in_play().within(range))
    }

    /// Every player's cards in zone `z` on or at `host`, in table order, and on a table of
    /// more than one word the zone's other cards too (the caller checks each card's host).
    #[inline(always)]
    fn cards_at(&self, z: Zone, host: u8) -> ZoneCards {
        let word = self
            .table_words([z])
            .map(|[w]| w.at_hosts(self, host, host));
        ZoneCards::of(word, || self.table_sets([z])[0])
    }

    /// Every player's cards in zone `z`, in table order.
    #[inline(always)]
    pub(crate) fn table_cards(&self, z: Zone) -> ZoneCards {
        ZoneCards::of(self.table_words([z]).map(|[w]| w), || {
            self.table_sets([z])[0]
        })
    }

    /// A player's cards in one zone, sorted by `order`.
    pub fn ordered(&self, p: PlayerId, z: Zone) -> Vec<CardRef> {
        let mut v: Vec<(u16, CardRef)> = self.zone(p, z).map(|(r, c)| (c.order, r)).collect();
        v.sort_unstable();
        v.into_iter().map(|(_, r)| r).collect()
    }

    /// The player's hand in arrival order.
    pub fn hand(&self, p: PlayerId) -> Vec<CardRef> {
        self.ordered(p, Zone::Hand)
    }

    /// The player's deck, top first.
    pub fn deck(&self, p: PlayerId) -> Vec<CardRef> {
        self.ordered(p, Zone::Deck)
    }

    pub fn hand_size(&self, p: PlayerId) -> usize {
        self.zone_sets(p, [Zone::Hand])[0].len()
    }
    pub fn deck_size(&self, p: PlayerId) -> usize {
        self.zone_sets(p, [Zone::Deck])[0].len()
    }

    /// Is `p`'s deck known to lie in draw order along the table ([`TableIndex`])?
    pub(crate) fn deck_kept_sorted(&self, p: PlayerId) -> bool {
        self.index.valid && self.index.deck_sorted & p.bit() != 0
    }

    /// Do the deck cards of the table slice `r` lie in draw order (strictly rising `order`)?
    pub(crate) fn deck_in_draw_order(&self, r: std::ops::Range<usize>) -> bool {
        let orders = self.cards[r].iter().filter(|c| c.zone == Zone::Deck);
        orders.map(|c| c.order).is_sorted_by(|a, b| a < b)
    }

    /// Top card of a deck.
    pub fn deck_top(&self, p: PlayerId) -> Option<CardRef> {
        let [deck] = self.zone_sets(p, [Zone::Deck]);
        if self.deck_kept_sorted(p) {
            return deck.iter().next();
        }
        deck.iter().min_by_key(|r| self.cards[r.index()].order)
    }

    pub fn has_lost(&self, p: PlayerId) -> bool {
        self.lost & p.bit() != 0
    }

    /// Players, in seat order.
    pub fn players(&self) -> impl Iterator<Item = PlayerId> {
        (0..self.num_players).map(PlayerId)
    }

    /// Assets in play (destroyed ones too) of every player.
    pub fn assets(&self) -> impl Iterator<Item = (CardRef, &Inst)> {
        let cards = self.table_cards(Zone::Asset);
        cards.map(move |r| (r, &self.cards[r.index()]))
    }

    /// Ships in play orbiting `asset`.
    pub fn ships_at(&self, asset: CardRef) -> impl Iterator<Item = (CardRef, &Inst)> {
        let cards = self.cards_at(Zone::Ship, asset.0);
        cards
            .map(move |r| (r, &self.cards[r.index()]))
            .filter(move |(_, c)| c.host == asset.0)
    }

    /// Debris pieces in one orbital.
    pub fn debris_at(&self, asset: CardRef, orbital: u8) -> usize {
        self.cards_at(Zone::Debris, asset.0)
            .map(|r| &self.cards[r.index()])
            .filter(|c| c.host == asset.0 && c.orbital == orbital)
            .count()
    }

    /// The upgrade installed under an asset.
    pub fn upgrade_of(&self, asset: CardRef) -> Option<CardRef> {
        let l = self.get(asset)?.link;
        (l != NONE).then_some(CardRef(l))
    }

    pub fn is_destroyed(&self, asset: CardRef) -> bool {
        self.inst(asset).has(flag::DESTROYED)
    }

    /// A non-destroyed homeworld in play (O6, O16).
    pub fn has_homeworld(&self, p: PlayerId) -> bool {
        // A dealt game's homeworld is its owner's first card: asked at every upkeep, so look
        // there before passing over the player's assets.
        let r = self.player_range(p);
        if let Some(c) = self.cards[r].first() {
            if c.zone == Zone::Asset && !c.has(flag::DESTROYED) && self.db.hot(c.card).homeworld {
                return true;
            }
        }
        self.zone(p, Zone::Asset)
            .any(|(_, c)| !c.has(flag::DESTROYED) && self.db.hot(c.card).homeworld)
    }

    /// `p`'s homeworld in play (destroyed or not), if any.
    pub fn homeworld(&self, p: PlayerId) -> Option<CardRef> {
        self.zone(p, Zone::Asset)
            .find(|(_, c)| self.db.hot(c.card).homeworld)
            .map(|(r, _)| r)
    }

    /// The next player still in the game after `p`.
    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        let n = self.num_players.max(1);
        let mut q = p;
        for _ in 0..n {
            q = PlayerId((q.0 + 1) % n);
            if !self.has_lost(q) {
                return q;
            }
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::testkit::{new_state, play_random};

    /// The cached table index agrees with searching the table (the cards with a trigger that
    /// are in play), before and after a serde round trip (which drops
    /// the cache until `with_db` rebuilds it).
    #[test]
    fn table_index_agrees_with_a_search() {
        let mut s = new_state(5);
        play_random(&mut s, 300, 5);
        let check = |s: &State| {
            for p in s.players() {
                assert_eq!(s.player_range(p), s.search_range(p));
                for bit in TRIGGER_BITS {
                    let fast: Vec<usize> = s.trigger_cards(p, bit).collect();
                    let in_play = [Zone::Ship, Zone::Asset, Zone::Upgrade];
                    let slow: Vec<usize> = s
                        .search_range(p)
                        .filter(|&i| s.db.hot(s.cards[i].card).triggers & bit != 0)
                        .filter(|&i| in_play.contains(&s.cards[i].zone))
                        .collect();
                    assert_eq!(fast, slow);
                }
            }
        };
        assert!(s.index.valid);
        check(&s);
        let text = serde_yaml::to_string(&s).unwrap();
        let back: State = serde_yaml::from_str(&text).unwrap();
        assert!(!back.index.valid);
        let back = back.with_db(s.table.clone());
        assert!(back.index.valid);
        check(&back);
        assert_eq!(back, s);
    }
}
