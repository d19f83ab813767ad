//! The card game's tensors for learning agents ([`Encoding`]); layout in `docs/python.md`.
//!
//! Cards are addressed by *slot*, relative to the seat that looks: the card table is grouped
//! by owner and no card changes owner, so seat `v` sees the `K` slots of its own cards first,
//! then the `K` slots of the next seat, and so on (`K` = the most cards one player owns; a
//! shorter player's last slots stay empty). Actions count ships and assets
//! in play by *rank* (their place among the mover's ships, the enemy ships, the mover's
//! assets or all assets, in that slot order) and other cards by their slot among the mover's
//! own, so index `i` means the same move whichever seat plays it, and the action space is
//! bounded by the cards each kind can reach play with rather than by every slot.
use crate::core::encode::layout::{one_hot, Blocks};
use crate::core::encode::{mask_with, Encoding, EncodingError, Mask, ObsMemo, Shape};
use crate::data::hot::HotKind;
use crate::data::CardDb;
use crate::ids::{CardRef, PlayerId};
use crate::rules::Command;
use crate::state::{
    flag, Inst, Phase, State, Zone, MAX_CARDS, MAX_PLAYERS, MAX_TURN_COMMANDS, NONE,
};
use std::cell::RefCell;
use std::sync::Arc;

/// Zones in their one-hot order: their declaration order, so that `zone as usize` is the
/// place of a zone.
const ZONES: [Zone; 8] = Zone::ALL;
/// Numbers per card slot besides the card one-hot: 8 zones, host, orbital, damage,
/// delta-vee, points, tapped, destroyed, fresh. (Whether a slot holds a card, and whose it
/// is, follow from its place: slots `0..K` are the looking seat's.)
const SLOT_FIXED: usize = ZONES.len() + 8;
/// Numbers per seat: lost, to move, hand size, deck size, population used, population limit.
const SEAT_FEATURES: usize = 6;
/// Global numbers: phase one-hot, orbit counter, turn, commands this turn.
const GLOBAL: usize = Phase::ALL.len() + 3;

/// The action blocks, in index order.
mod block {
    pub const PASS: usize = 0;
    pub const BURN: usize = 1;
    pub const TRANSFER: usize = 2;
    pub const SCUTTLE: usize = 3;
    pub const COMBAT: usize = 4;
    pub const REFIT: usize = 5;
    pub const BOMBARD: usize = 6;
    pub const RESEARCH: usize = 7;
    pub const REPAIR: usize = 8;
    pub const START: usize = 9;
    pub const CONTRIBUTE: usize = 10;
}

/// The index of passing: the first block, of one action.
const PASS_INDEX: usize = 0;

/// The sizes one table fixes.
struct Dims {
    players: usize,
    /// Slots per seat.
    k: usize,
    /// Highest delta-vee any ship can have (combat pays 1 to this).
    x: usize,
    /// Card definitions.
    cards: usize,
    /// The most ships one player can have in play: its spacecraft cards (`S`).
    ships: usize,
    /// The most enemy ships one player can face: the others' spacecraft cards (`E`).
    enemies: usize,
    /// The most assets one player can have in play: its asset cards (`A`).
    assets: usize,
    /// The most assets in play at once: every player's asset cards (`B`).
    all_assets: usize,
}

impl Dims {
    /// The slot sizes of `s`'s table, without the action blocks' bounds (left 0): all the
    /// observation needs.
    fn sizes(s: &State) -> Dims {
        let players = s.num_players as usize;
        let k = (0..players)
            .map(|p| s.player_range(PlayerId(p as u8)).len())
            .max()
            .unwrap_or(0)
            .max(1);
        Dims {
            players,
            k,
            x: 0,
            cards: s.db.len(),
            ships: 0,
            enemies: 0,
            assets: 0,
            all_assets: 0,
        }
    }

    /// Every size of `s`'s table. The counts by kind come from each player's cards, whose
    /// definitions only determinization deals anew, among the same player's cards.
    fn of(s: &State) -> Dims {
        let mut d = Dims::sizes(s);
        let (mut ships, mut assets) = ([0usize; MAX_PLAYERS], [0usize; MAX_PLAYERS]);
        d.x = with_table_facts(s.table, |f| {
            // A player at a time, counted in registers.
            for p in 0..d.players.min(MAX_PLAYERS) {
                let (mut sh, mut a) = (0, 0);
                for c in &s.cards[s.player_range(PlayerId(p as u8))] {
                    let kind = f.kinds.get(c.card.index());
                    sh += usize::from(kind == Some(&HotKind::Spacecraft));
                    a += usize::from(kind == Some(&HotKind::Asset));
                }
                (ships[p], assets[p]) = (sh, a);
            }
            f.x
        });
        let all_ships: usize = ships.iter().sum();
        let most = |v: &[usize]| v.iter().copied().max().unwrap_or(0).max(1);
        d.ships = most(&ships);
        d.enemies = ships[..d.players]
            .iter()
            .map(|&own| all_ships - own)
            .max()
            .unwrap_or(0)
            .max(1);
        d.assets = most(&assets);
        d.all_assets = assets.iter().sum::<usize>().max(1);
        d
    }
    fn slots(&self) -> usize {
        self.players * self.k
    }
    fn blocks(&self) -> Blocks {
        let (k, sh, a) = (self.k, self.ships, self.assets);
        let mut b = Blocks::new();
        b.add(&[]); // pass
        b.add(&[sh, 2]); // burn: own ship, down/up
        b.add(&[sh, self.all_assets]); // transfer: own ship, asset
        b.add(&[sh]); // scuttle
        b.add(&[sh, self.enemies, self.x]); // combat: own ship, enemy ship, x - 1
        b.add(&[sh, k]); // refit: own ship, hand card slot
        b.add(&[sh, 2]); // bombard: own ship, asset/its upgrade
        b.add(&[a]); // research: own asset
        b.add(&[a]); // repair: own asset
        b.add(&[k, a + 1]); // start: card slot, own asset as host or none (a)
        b.add(&[a, k]); // contribute: own asset, project slot
        b
    }
    fn slot_len(&self) -> usize {
        SLOT_FIXED + self.cards
    }
}

/// The groups of cards that actions count by rank rather than by slot: a card's rank is its
/// place among the group's cards in the mover's slot order (its own cards first).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    /// The mover's ships in play.
    OwnShip,
    /// The other players' ships in play.
    EnemyShip,
    /// The mover's assets in play.
    OwnAsset,
    /// Every asset in play.
    Asset,
}

impl Group {
    fn holds(self, me: PlayerId, c: &Inst) -> bool {
        match self {
            Group::OwnShip => c.zone == Zone::Ship && c.owner == me,
            Group::EnemyShip => c.zone == Zone::Ship && c.owner != me,
            Group::OwnAsset => c.zone == Zone::Asset && c.owner == me,
            Group::Asset => c.zone == Zone::Asset,
        }
    }
}

/// Every card with its reference, in the slot order of seat `me` (its own cards first).
fn in_slot_order(s: &State, me: PlayerId) -> impl Iterator<Item = (CardRef, &Inst)> {
    let n = s.num_players;
    (0..n).flat_map(move |rel| {
        let range = s.player_range(PlayerId((me.0 + rel) % n));
        let start = range.start;
        s.cards[range]
            .iter()
            .enumerate()
            .map(move |(i, c)| (CardRef((start + i) as u8), c))
    })
}

/// The card of rank `n` in group `g` for the mover.
fn nth(s: &State, g: Group, n: usize) -> Option<CardRef> {
    let me = s.active;
    in_slot_order(s, me)
        .filter(|(_, c)| g.holds(me, c))
        .nth(n)
        .map(|(r, _)| r)
}

/// Every card's rank in its groups for the mover ([`NONE`] outside them), from one pass.
struct Ranks {
    /// Rank among the mover's ships, or among the enemy ships.
    ship: [u8; MAX_CARDS],
    /// Rank among the mover's assets.
    own_asset: [u8; MAX_CARDS],
    /// Rank among all assets.
    asset: [u8; MAX_CARDS],
}

impl Ranks {
    fn of(s: &State) -> Ranks {
        let me = s.active;
        let mut r = Ranks {
            ship: [NONE; MAX_CARDS],
            own_asset: [NONE; MAX_CARDS],
            asset: [NONE; MAX_CARDS],
        };
        let (mut own_ships, mut enemy_ships, mut own_assets, mut assets) = (0u8, 0u8, 0u8, 0u8);
        // The mover's cards first, then the next seats': a player at a time.
        let n = s.num_players.max(1);
        for rel in 0..n {
            let range = s.player_range(PlayerId((me.0 + rel) % n));
            let mine = rel == 0;
            let end = range.end.min(MAX_CARDS);
            for (i, c) in (range.start..end).zip(&s.cards[range.start.min(end)..end]) {
                match c.zone {
                    Zone::Ship => {
                        let ships = if mine {
                            &mut own_ships
                        } else {
                            &mut enemy_ships
                        };
                        r.ship[i] = *ships;
                        *ships += 1;
                    }
                    Zone::Asset => {
                        if mine {
                            r.own_asset[i] = own_assets;
                            own_assets += 1;
                        }
                        r.asset[i] = assets;
                        assets += 1;
                    }
                    _ => {}
                }
            }
        }
        r
    }
    /// The rank of `card` in group `g` (`None` outside it).
    fn rank(&self, s: &State, g: Group, card: CardRef) -> Option<usize> {
        if !g.holds(s.active, s.get(card)?) {
            return None;
        }
        let table = match g {
            Group::OwnShip | Group::EnemyShip => &self.ship,
            Group::OwnAsset => &self.own_asset,
            Group::Asset => &self.asset,
        };
        table
            .get(card.index())
            .filter(|&&r| r != NONE)
            .map(|&r| usize::from(r))
    }
}

/// What the encoding needs of a card table: the highest delta-vee any ship can have (the
/// card's own plus its modifiers and those of its host and the host's upgrade,
/// `State::ship_mod`, each bounded by the largest in the table) and each definition's kind.
struct TableFacts {
    x: usize,
    kinds: Vec<HotKind>,
}

/// `f` of the facts of card table `db`. They walk every definition, so each thread keeps the
/// last table's (holding the table, so that it cannot be mistaken for a later one).
fn with_table_facts<T>(db: &Arc<CardDb>, f: impl FnOnce(&TableFacts) -> T) -> T {
    thread_local! {
        static LAST: RefCell<Option<(Arc<CardDb>, TableFacts)>> = const { RefCell::new(None) };
    }
    LAST.with(|last| {
        if let Some((cached, facts)) = &*last.borrow() {
            if Arc::ptr_eq(cached, db) {
                return f(facts);
            }
        }
        let (mut base, mut own, mut orbit) = (0i32, 0i32, 0i32);
        let mut kinds = Vec::with_capacity(db.len());
        for (id, _) in db.iter() {
            let h = db.hot(id);
            base = base.max(i32::from(h.delta_vee));
            own = own.max(i32::from(h.self_mods.delta_vee));
            orbit = orbit.max(i32::from(h.orbit_mods.delta_vee));
            kinds.push(h.kind);
        }
        let facts = TableFacts {
            x: (base + own + 2 * orbit).clamp(1, 255) as usize,
            kinds,
        };
        let out = f(&facts);
        *last.borrow_mut() = Some((Arc::clone(db), facts));
        out
    })
}

/// Slot of card `r` as seen by `viewer`.
fn slot_of(s: &State, d: &Dims, viewer: usize, r: CardRef) -> usize {
    let c = s.inst(r);
    let p = c.owner.index();
    let rel = (p + d.players - viewer) % d.players;
    rel * d.k + (r.index() - s.player_range(c.owner).start)
}

/// The card in slot `slot` as seen by `viewer`, if there is one.
fn card_at(s: &State, d: &Dims, viewer: usize, slot: usize) -> Option<CardRef> {
    let (rel, i) = (slot / d.k, slot % d.k);
    if rel >= d.players {
        return None;
    }
    let owner = PlayerId(((viewer + rel) % d.players) as u8);
    let range = s.player_range(owner);
    (i < range.len()).then(|| CardRef((range.start + i) as u8))
}

/// Is the identity of a card in zone `zone` hidden from a seat (`own`: the seat's own card)?
/// Other players' hands, decks and projects are (they are what determinization deals anew),
/// and every deck's order is, so no deck card shows its identity, the viewer's own included.
/// Branch-free: the slot pass calls it for every card.
#[inline]
fn hidden(zone: Zone, own: bool) -> bool {
    (zone == Zone::Deck) | (!own & ((zone == Zone::Hand) | (zone == Zone::Project)))
}

/// Writes what `seat` sees into `out`. With a memo, `out` holds the observation the memo
/// describes, and only the slots whose card changed since are written again (the global
/// and seat numbers, a few dozen, always are).
fn observe_with(s: &State, seat: usize, out: &mut [f32], memo: Option<&mut ObsMemo>) {
    let d = Dims::sizes(s);
    let mut at = one_hot(out, 0, Phase::ALL.len(), s.phase as usize);
    out[at] = f32::from(s.orbit_counter) / 4.0;
    out[at + 1] = f32::from(s.turn) / f32::from(s.turn_limit.max(1));
    out[at + 2] = f32::from(s.turn_commands) / f32::from(MAX_TURN_COMMANDS);
    at += 3;
    // Each seat's numbers are written after the pass over its slots, which counts its
    // hand, deck and the population its ships use.
    let seats = at;
    at += d.players * SEAT_FEATURES;
    let len = d.slot_len();
    // Without a memo, or with one that describes another observation, everything is written.
    let (fresh, mut keys) = match memo {
        Some(m) => (!m.holds(seat, d.slots()), Some(&mut m.keys[..])),
        None => (true, None),
    };
    for rel in 0..d.players {
        let p = (seat + rel) % d.players;
        let player = PlayerId(p as u8);
        let range = s.player_range(player);
        let cards = &s.cards[range.start..range.end.min(range.start + d.k)];
        let own = rel == 0;
        let rows = &mut out[at + rel * d.k * len..at + (rel + 1) * d.k * len];
        // An empty slot stays empty for the whole game.
        if fresh {
            rows[cards.len() * len..].fill(0.0);
        }
        let (mut hand, mut deck, mut used) = (0u16, 0u16, 0u16);
        for ((i, c), f) in cards.iter().enumerate().zip(rows.chunks_exact_mut(len)) {
            let zone = c.zone;
            hand += u16::from(zone == Zone::Hand);
            deck += u16::from(zone == Zone::Deck);
            if zone == Zone::Ship {
                used += u16::from(s.db.hot(c.card).population);
            }
            let visible = !hidden(zone, own);
            if let Some(keys) = keys.as_deref_mut() {
                let key = slot_key(c, visible);
                let k = &mut keys[rel * d.k + i];
                if *k == key {
                    continue;
                }
                *k = key;
            }
            f.fill(0.0);
            f[zone as usize] = 1.0;
            let i = ZONES.len();
            if c.host != NONE {
                let host_slot = slot_of(s, &d, seat, CardRef(c.host));
                f[i] = (host_slot + 1) as f32 / d.slots() as f32;
            }
            f[i + 1] = f32::from(c.orbital) / 4.0;
            f[i + 2] = f32::from(c.damage) / 10.0;
            f[i + 3] = f32::from(c.dv) / 10.0;
            f[i + 4] = f32::from(c.points) / 20.0;
            f[i + 5] = f32::from(u8::from(c.has(flag::TAPPED)));
            f[i + 6] = f32::from(u8::from(c.has(flag::DESTROYED)));
            f[i + 7] = f32::from(u8::from(c.has(flag::FRESH)));
            if visible {
                f[i + 8 + c.card.index()] = 1.0;
            }
        }
        let f = &mut out[seats + rel * SEAT_FEATURES..seats + (rel + 1) * SEAT_FEATURES];
        f[0] = f32::from(u8::from(s.has_lost(player)));
        f[1] = f32::from(u8::from(s.active == player));
        f[2] = f32::from(hand) / 10.0;
        f[3] = f32::from(deck) / 30.0;
        // As `State::population_used`, which caps the sum at a byte.
        f[4] = f32::from(used.min(u16::from(u8::MAX))) / 10.0;
        f[5] = f32::from(s.population_limit(player)) / 10.0;
    }
}

/// Everything a card's slot shows, packed: equal keys write equal slots (for one seat, whose
/// view of the host's slot is fixed). At most 63 bits, so never the memo's `u64::MAX`.
fn slot_key(c: &Inst, visible: bool) -> u64 {
    let zone = c.zone as u64;
    let card = if visible { u64::from(c.card.0) } else { 0xffff };
    let shown = flag::TAPPED | flag::DESTROYED | flag::FRESH;
    zone | u64::from(c.host) << 4
        | u64::from(c.orbital) << 12
        | u64::from(c.damage) << 20
        | u64::from(c.dv) << 28
        | u64::from(c.points) << 36
        | u64::from(c.flags & shown) << 44
        | card << 47
}

/// The index of `command` with the table's sizes `d`, blocks `b` and the mover's ranks
/// (computed once per mask).
fn index_with(s: &State, d: &Dims, b: &Blocks, ranks: &Ranks, command: &Command) -> Option<usize> {
    let me = s.active.index();
    let own = |r: CardRef| -> Option<usize> {
        let c = s.get(r)?;
        (c.owner == s.active).then(|| slot_of(s, d, me, r))
    };
    let rank = |g: Group, r: CardRef| ranks.rank(s, g, r);
    let ship = |r: CardRef| rank(Group::OwnShip, r);
    match *command {
        Command::Pass => b.index(block::PASS, &[]),
        Command::Concede { .. } => None,
        Command::Burn {
            ship: r,
            to_orbital,
        } => {
            let o = s.get(r)?.orbital;
            let dir = if to_orbital == o.wrapping_add(1) {
                1
            } else if to_orbital.wrapping_add(1) == o {
                0
            } else {
                return None;
            };
            b.index(block::BURN, &[ship(r)?, dir])
        }
        Command::Transfer { ship: r, to } => {
            b.index(block::TRANSFER, &[ship(r)?, rank(Group::Asset, to)?])
        }
        Command::Scuttle { ship: r } => b.index(block::SCUTTLE, &[ship(r)?]),
        Command::Combat { ship: r, target, x } => b.index(
            block::COMBAT,
            &[
                ship(r)?,
                rank(Group::EnemyShip, target)?,
                usize::from(x).checked_sub(1)?,
            ],
        ),
        Command::Refit { ship: r, with } => b.index(block::REFIT, &[ship(r)?, own(with)?]),
        Command::Bombard { ship: r, target } => {
            let host = CardRef(s.get(r)?.host);
            let which = if target == host {
                0
            } else if s.get(host).is_some() && s.upgrade_of(host) == Some(target) {
                1
            } else {
                return None;
            };
            b.index(block::BOMBARD, &[ship(r)?, which])
        }
        Command::Research { asset } => b.index(block::RESEARCH, &[rank(Group::OwnAsset, asset)?]),
        Command::Repair { asset } => b.index(block::REPAIR, &[rank(Group::OwnAsset, asset)?]),
        Command::Start { card, host } => {
            let h = match host {
                None => d.assets,
                Some(h) => rank(Group::OwnAsset, h)?,
            };
            b.index(block::START, &[own(card)?, h])
        }
        Command::Contribute { asset, project } => b.index(
            block::CONTRIBUTE,
            &[rank(Group::OwnAsset, asset)?, own(project)?],
        ),
    }
}

impl Encoding for State {
    fn shape(&self) -> Shape {
        let d = Dims::of(self);
        Shape {
            observation: GLOBAL + d.players * SEAT_FEATURES + d.slots() * d.slot_len(),
            actions: d.blocks().len(),
        }
    }

    fn observe(&self, seat: usize, out: &mut [f32]) {
        observe_with(self, seat, out, None);
    }

    fn observe_update(&self, seat: usize, out: &mut [f32], memo: &mut ObsMemo) {
        observe_with(self, seat, out, Some(memo));
    }

    fn action_index(&self, command: &Command) -> Option<usize> {
        let d = Dims::of(self);
        index_with(self, &d, &d.blocks(), &Ranks::of(self), command)
    }

    fn mask_into(&self, legal: &[Command], mask: &mut Mask) -> Result<usize, EncodingError> {
        let d = Dims::of(self);
        let (b, ranks) = (d.blocks(), Ranks::of(self));
        mask_with(legal, mask, |c| index_with(self, &d, &b, &ranks, c))
    }

    fn indices_into(&self, legal: &[Command], out: &mut Vec<usize>) -> Result<(), EncodingError> {
        // About half the positions a learner meets offer only passing: no sizes or ranks.
        if legal.iter().all(|c| *c == Command::Pass) {
            out.clear();
            out.extend(legal.iter().map(|_| PASS_INDEX));
            return Ok(());
        }
        let d = Dims::of(self);
        let (b, ranks) = (d.blocks(), Ranks::of(self));
        out.clear();
        for c in legal {
            out.push(index_with(self, &d, &b, &ranks, c).ok_or_else(|| {
                EncodingError::NoActionIndex {
                    command: format!("{c:?}"),
                }
            })?);
        }
        Ok(())
    }

    fn command_at(&self, index: usize) -> Option<Command> {
        let d = Dims::of(self);
        let me = self.active.index();
        let mut g = [0usize; 3];
        let block = d.blocks().decode(index, &mut g)?;
        let own = |slot: usize| card_at(self, &d, me, slot);
        let ship = || nth(self, Group::OwnShip, g[0]);
        let asset = |n: usize| nth(self, Group::OwnAsset, n);
        let c = match block {
            block::PASS => Command::Pass,
            block::BURN => {
                let ship = ship()?;
                let o = self.inst(ship).orbital;
                let to_orbital = if g[1] == 1 {
                    o.checked_add(1)?
                } else {
                    o.checked_sub(1)?
                };
                Command::Burn { ship, to_orbital }
            }
            block::TRANSFER => Command::Transfer {
                ship: ship()?,
                to: nth(self, Group::Asset, g[1])?,
            },
            block::SCUTTLE => Command::Scuttle { ship: ship()? },
            block::COMBAT => Command::Combat {
                ship: ship()?,
                target: nth(self, Group::EnemyShip, g[1])?,
                x: u8::try_from(g[2] + 1).ok()?,
            },
            block::REFIT => Command::Refit {
                ship: ship()?,
                with: own(g[1])?,
            },
            block::BOMBARD => {
                let ship = ship()?;
                let host = self.inst(ship).host_ref()?;
                let target = if g[1] == 0 {
                    host
                } else {
                    self.upgrade_of(host)?
                };
                Command::Bombard { ship, target }
            }
            block::RESEARCH => Command::Research {
                asset: asset(g[0])?,
            },
            block::REPAIR => Command::Repair {
                asset: asset(g[0])?,
            },
            block::START => Command::Start {
                card: own(g[0])?,
                host: if g[1] == d.assets {
                    None
                } else {
                    Some(asset(g[1])?)
                },
            },
            block::CONTRIBUTE => Command::Contribute {
                asset: asset(g[0])?,
                project: own(g[1])?,
            },
            _ => return None,
        };
        Some(c)
    }
}

#[cfg(test)]
mod tests {
    use crate::core::encode::{check_games, Encoding};
    use crate::data::{CardDb, Deck};
    use crate::rules::Command;
    use crate::state::State;
    use std::path::Path;
    use std::sync::Arc;

    fn start_with(seed: u64, names: &[&str]) -> State {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let db = Arc::new(CardDb::load_dir(&root.join("cards")).unwrap());
        let deck =
            |n: &str| Deck::load(&root.join("decks").join(format!("{n}.yaml")), &db).unwrap();
        let decks: Vec<Deck> = names.iter().map(|n| deck(n)).collect();
        let mut s = State::from_decks(db, &decks, seed);
        crate::rules::start(&mut s, &mut Vec::new());
        s
    }

    fn start(seed: u64) -> State {
        start_with(seed, &["vanguard", "swarm"])
    }

    #[test]
    fn every_legal_command_round_trips_and_hidden_cards_stay_hidden() {
        check_games(&start(3), 11, 2, 400).unwrap();
    }

    /// The ranked blocks are bounded by each player's cards of a kind: every built-in deck,
    /// and a three-player table, keeps every legal command inside them.
    #[test]
    fn every_deck_keeps_its_ships_and_assets_inside_the_ranked_blocks() {
        let decks = [
            "bastion", "blitz", "corsairs", "foundry", "frontier", "swarm", "vanguard",
        ];
        for (i, a) in decks.iter().enumerate() {
            let b = decks[(i + 1) % decks.len()];
            check_games(&start_with(i as u64, &[a, b]), 20 + i as u64, 1, 300)
                .unwrap_or_else(|e| panic!("{a} against {b}: {e}"));
        }
        check_games(&start_with(9, &["swarm", "blitz", "foundry"]), 5, 1, 300).unwrap();
    }

    #[test]
    fn passing_is_action_zero() {
        let s = start(4);
        assert_eq!(s.action_index(&Command::Pass), Some(super::PASS_INDEX));
        assert_eq!(s.command_at(super::PASS_INDEX), Some(Command::Pass));
    }

    #[test]
    fn zones_are_one_hot_in_declaration_order() {
        for (i, z) in super::ZONES.iter().enumerate() {
            assert_eq!(*z as usize, i, "{z:?}");
        }
    }

    #[test]
    fn the_shape_is_the_same_for_every_seat_and_game() {
        let (a, b) = (start(1), start(2));
        assert_eq!(a.shape(), b.shape());
        let mut o0 = vec![0.0; a.shape().observation];
        let mut o1 = o0.clone();
        a.observe(0, &mut o0);
        a.observe(1, &mut o1);
        assert_ne!(o0, o1, "each seat sees its own cards first");
    }
}
