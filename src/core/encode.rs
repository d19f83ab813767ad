//! Tensors for learning agents: every game's fixed-size observation, fixed action space,
//! legal-action mask and the mapping between action index and command.
//!
//! A game implements [`Encoding`] once (in `src/<game>/encoding.rs`); the Python environments
//! and any other learner read every game through it. Sizes are fixed per table (decks,
//! players, map, level): every state reachable from a table, seen from any seat, has the same
//! [`Shape`]. An observation holds only what its seat can see: whatever
//! [`crate::agent::game::Game::determinize`] resamples for that seat never reaches it.
use super::Ruleset;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Why a mask cannot be written, or an encoding check failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodingError {
    /// A legal command outside the action space (a bug in the game's encoding).
    #[error("legal command {command} has no action index")]
    NoActionIndex { command: String },
    /// The same, in game `game`.
    #[error("{game}: {error}")]
    InGame {
        game: &'static str,
        error: Box<EncodingError>,
    },
    /// A check of [`check_state`] or [`check_games`] failed: what, where.
    #[error("{0}")]
    Check(String),
}

fn check_failed<T>(what: String) -> Result<T, EncodingError> {
    Err(EncodingError::Check(what))
}

/// The sizes of a table's tensors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Floats in one observation.
    pub observation: usize,
    /// Actions in the action space (indices `0..actions`).
    pub actions: usize,
}

/// A game's tensors (see the module documentation).
pub trait Encoding: Ruleset {
    /// The sizes for this state's table; equal for every state reachable from it.
    fn shape(&self) -> Shape;
    /// Writes what `seat` sees into `out` (`shape().observation` floats, all of them written).
    fn observe(&self, seat: usize, out: &mut [f32]);
    /// [`Encoding::observe`] into a buffer that already holds the observation last written
    /// with `memo` (anything, when `memo` is clear): a game may rewrite only the parts that
    /// changed since and record in `memo` what it wrote. The result equals `observe`'s.
    fn observe_update(&self, seat: usize, out: &mut [f32], memo: &mut ObsMemo) {
        memo.clear();
        self.observe(seat, out);
    }
    /// The canonical index of a command of the seat to move; `None` for commands outside the
    /// action space (conceding, for one).
    fn action_index(&self, command: &Self::Move) -> Option<usize>;
    /// The command of the seat to move at `index`, if the index names one in this state (it
    /// may still be illegal: check the mask or validate it).
    fn command_at(&self, index: usize) -> Option<Self::Move>;
    /// Sets the mask's entry `action_index(c)` for every command of `legal` (the mask cleared
    /// first) and returns how many entries are set; a command outside the action space is an
    /// error naming it. Games may override it to share work between the commands.
    fn mask_into(&self, legal: &[Self::Move], mask: &mut Mask) -> Result<usize, EncodingError> {
        mask_with(legal, mask, |c| self.action_index(c))
    }
    /// Writes the index of each command of `legal` into `out` (cleared first), in order; a
    /// command outside the action space is an error naming it. Games may override it to
    /// share work between the commands.
    fn indices_into(
        &self,
        legal: &[Self::Move],
        out: &mut Vec<usize>,
    ) -> Result<(), EncodingError> {
        out.clear();
        for c in legal {
            out.push(self.action_index(c).ok_or_else(|| no_index(c))?);
        }
        Ok(())
    }
    /// Does the action space hold every legal command? A game whose full command list is too
    /// large for a fixed action space says `false` and lists the learner's choices in
    /// [`Encoding::action_commands_into`] instead.
    const EVERY_LEGAL_COMMAND: bool = true;
    /// The commands the learner chooses among (the mask's set bits): every legal command
    /// unless the game restricts them (then a subset of the legal commands).
    fn action_commands_into(&self, out: &mut Vec<Self::Move>) {
        self.legal_commands_into(out)
    }
}

/// What an observation buffer holds, as [`Encoding::observe_update`] last recorded it: the
/// seat it was written for and one key per part (a game's own packing). Clear, it promises
/// nothing and the next update writes everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ObsMemo {
    /// The seat of the recorded observation.
    pub seat: usize,
    /// A key per part of the observation, as last written; empty when nothing is known.
    pub keys: Vec<u64>,
}

impl ObsMemo {
    /// Forgets what the buffer holds (it was written by someone else, or is new).
    pub fn clear(&mut self) {
        self.keys.clear();
    }
    /// Does the memo describe an observation of `seat` with `parts` keys? If not, it is
    /// reset to `parts` keys that match nothing a game writes (`u64::MAX`), so that every
    /// part is written.
    pub fn holds(&mut self, seat: usize, parts: usize) -> bool {
        if self.seat == seat && self.keys.len() == parts {
            return true;
        }
        self.seat = seat;
        self.keys.clear();
        self.keys.resize(parts, u64::MAX);
        false
    }
}

/// A legal-action mask being written: a byte per action (1 legal, 0 not) or, packed, a bit
/// per action (action `k` in bit `k % 8` of byte `k / 8`: numpy's `packbits(...,
/// bitorder="little")`). Packed masks are eight times smaller to clear, copy and scan.
pub struct Mask<'a> {
    buf: &'a mut [u8],
    packed: bool,
}

impl<'a> Mask<'a> {
    /// A mask of a byte per action.
    pub fn bytes(buf: &'a mut [u8]) -> Mask<'a> {
        Mask { buf, packed: false }
    }
    /// A packed mask: `ceil(actions / 8)` bytes.
    pub fn bits(buf: &'a mut [u8]) -> Mask<'a> {
        Mask { buf, packed: true }
    }
    /// Clears every entry.
    pub fn clear(&mut self) {
        self.buf.fill(0);
    }
    /// Is action `i` set? (`false` past the end.)
    pub fn get(&self, i: usize) -> bool {
        if self.packed {
            self.buf.get(i / 8).is_some_and(|b| b & (1 << (i % 8)) != 0)
        } else {
            self.buf.get(i).is_some_and(|&b| b != 0)
        }
    }
    /// Sets action `i`; `Some(true)` if it was not set, `None` past the end.
    pub fn set(&mut self, i: usize) -> Option<bool> {
        if self.packed {
            let b = self.buf.get_mut(i / 8)?;
            let bit = 1 << (i % 8);
            let new = *b & bit == 0;
            *b |= bit;
            Some(new)
        } else {
            let b = self.buf.get_mut(i)?;
            let new = *b == 0;
            *b = 1;
            Some(new)
        }
    }
}

fn no_index(c: &impl std::fmt::Debug) -> EncodingError {
    EncodingError::NoActionIndex {
        command: format!("{c:?}"),
    }
}

/// [`Encoding::mask_into`] with the index function given.
pub fn mask_with<M: std::fmt::Debug>(
    legal: &[M],
    mask: &mut Mask,
    index: impl Fn(&M) -> Option<usize>,
) -> Result<usize, EncodingError> {
    mask.clear();
    let mut n = 0;
    for c in legal {
        match index(c).and_then(|i| mask.set(i)) {
            Some(new) => n += usize::from(new),
            None => return Err(no_index(c)),
        }
    }
    Ok(n)
}

/// Writes the legal-action mask of the seat to move into `mask`, using `legal` as a buffer for [`Encoding::action_commands_into`];
/// returns the number of legal actions. A legal command outside the action space is an
/// error naming it.
pub fn legal_mask<R: Encoding>(
    state: &R,
    legal: &mut Vec<R::Move>,
    mask: &mut Mask,
) -> Result<usize, EncodingError> {
    state.action_commands_into(legal);
    state
        .mask_into(legal, mask)
        .map_err(|e| EncodingError::InGame {
            game: R::NAME,
            error: Box::new(e),
        })
}

/// [`legal_mask`] that also leaves in `indices` the index of each command of `legal`, in
/// order: with them, a later action index is looked up among the commands without decoding
/// or validating it.
pub fn legal_mask_indexed<R: Encoding>(
    state: &R,
    legal: &mut Vec<R::Move>,
    indices: &mut Vec<usize>,
    mask: &mut Mask,
) -> Result<usize, EncodingError> {
    let in_game = |e| EncodingError::InGame {
        game: R::NAME,
        error: Box::new(e),
    };
    state.action_commands_into(legal);
    state.indices_into(legal, indices).map_err(in_game)?;
    mask.clear();
    let mut n = 0;
    for (c, &i) in legal.iter().zip(indices.iter()) {
        n += usize::from(mask.set(i).ok_or_else(|| in_game(no_index(c)))?);
    }
    Ok(n)
}

/// Checks a state's encoding: every legal command (every action command, for a game that
/// restricts them, each of which must validate) has an index inside the space whose mask
/// bit is set and that maps back to the same command; every set bit is such a command; the
/// observation has the declared size, is finite, and is the same for every determinization
/// of the observing seat (hidden information stays hidden). `Err` names the first failure.
pub fn check_state<R: Encoding>(state: &R, seed: u64) -> Result<(), EncodingError> {
    let shape = state.shape();
    let mut legal = Vec::new();
    let mut mask = vec![0u8; shape.actions];
    let n = legal_mask(state, &mut legal, &mut Mask::bytes(&mut mask))?;
    let mut bits = vec![0u8; shape.actions.div_ceil(8)];
    legal_mask(state, &mut legal, &mut Mask::bits(&mut bits))?;
    let packed = Mask::bits(&mut bits);
    if let Some(i) = (0..shape.actions).find(|&i| packed.get(i) != (mask[i] == 1)) {
        return check_failed(format!(
            "index {i}: the packed mask differs from the byte mask"
        ));
    }
    let mut indices = Vec::new();
    state.indices_into(&legal, &mut indices)?;
    for (c, &i) in legal.iter().zip(&indices) {
        if state.action_index(c) != Some(i) {
            return check_failed(format!(
                "{c:?}: indices_into says {i}, action_index {:?}",
                state.action_index(c)
            ));
        }
    }
    for c in &legal {
        if let Err(e) = state.validate(c) {
            return check_failed(format!("action command {c:?} does not validate: {e:?}"));
        }
        let Some(i) = state.action_index(c) else {
            return check_failed(format!("legal {c:?} has no index"));
        };
        if state.command_at(i) != Some(*c) {
            return check_failed(format!("{c:?} -> {i} -> {:?}", state.command_at(i)));
        }
    }
    if n != mask.iter().filter(|&&b| b == 1).count() {
        return check_failed("mask count differs from the legal commands".into());
    }
    for (i, &bit) in mask.iter().enumerate() {
        let command = state.command_at(i);
        let legal_here = command.is_some_and(|c| legal.contains(&c));
        if (bit == 1) != legal_here {
            return check_failed(format!(
                "index {i} ({command:?}): mask {bit}, legal {legal_here}"
            ));
        }
        if R::EVERY_LEGAL_COMMAND && bit == 0 && command.is_some_and(|c| state.validate(&c).is_ok())
        {
            return check_failed(format!(
                "index {i} ({command:?}) validates but is masked out"
            ));
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for seat in 0..state.num_players() {
        let mut a = vec![f32::NAN; shape.observation];
        state.observe(seat, &mut a);
        if let Some(i) = a.iter().position(|x| !x.is_finite()) {
            return check_failed(format!(
                "seat {seat}: observation[{i}] not written or not finite"
            ));
        }
        for _ in 0..3 {
            let other = state.determinize(seat, &mut rng);
            if other.shape() != shape {
                return check_failed("a determinization changed the shape".into());
            }
            let mut b = vec![0.0; shape.observation];
            other.observe(seat, &mut b);
            if let Some(i) = a.iter().zip(&b).position(|(x, y)| x != y) {
                return check_failed(format!(
                    "seat {seat}: observation[{i}] changed with hidden information"
                ));
            }
        }
    }
    Ok(())
}

/// Plays `games` random games from `start` (reseeded with `seed + game`), checking every
/// position with [`check_state`], that the shape never changes, and that each seat's
/// observation updated move by move ([`Encoding::observe_update`]) equals the one written
/// anew.
pub fn check_games<R: Encoding>(
    start: &R,
    seed: u64,
    games: u64,
    max_moves: usize,
) -> Result<(), EncodingError> {
    use rand::Rng;
    let shape = start.shape();
    let mut legal = Vec::new();
    let mut fresh = vec![0.0; shape.observation];
    for g in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(g));
        let mut s = start.clone();
        s.reseed(rng.gen());
        let seats = s.num_players();
        let mut running = vec![(ObsMemo::default(), vec![0.0; shape.observation]); seats];
        for step in 0..max_moves {
            if s.shape() != shape {
                return check_failed(format!("game {g} move {step}: shape changed"));
            }
            check_state(&s, rng.gen())
                .map_err(|e| EncodingError::Check(format!("game {g} move {step}: {e}")))?;
            for (seat, (memo, obs)) in running.iter_mut().enumerate() {
                s.observe_update(seat, obs, memo);
                s.observe(seat, &mut fresh);
                if let Some(i) = obs.iter().zip(&fresh).position(|(x, y)| x != y) {
                    return check_failed(format!(
                        "game {g} move {step} seat {seat}: observation[{i}] updated as {}, written anew as {}",
                        obs[i], fresh[i]
                    ));
                }
            }
            s.action_commands_into(&mut legal);
            if legal.is_empty() {
                break;
            }
            let c = legal[rng.gen_range(0..legal.len())];
            s.apply(c);
        }
    }
    Ok(())
}

/// Helpers for laying out tensors.
pub mod layout {
    /// Sets `out[at + i] = 1` for a one-hot of `n` (nothing when `i >= n`) and returns
    /// `at + n`.
    pub fn one_hot(out: &mut [f32], at: usize, n: usize, i: usize) -> usize {
        out[at..at + n].fill(0.0);
        if i < n {
            out[at + i] = 1.0;
        }
        at + n
    }

    /// Most blocks in one [`Blocks`], and most radices in one block.
    pub const MAX_BLOCKS: usize = 24;
    pub const MAX_RADICES: usize = 4;

    /// Mixed-radix action blocks: a list of blocks, each a product of small radices (no
    /// allocation: cheap to build for every command encoded).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Blocks {
        count: usize,
        starts: [usize; MAX_BLOCKS],
        radices: [[usize; MAX_RADICES]; MAX_BLOCKS],
        widths: [usize; MAX_BLOCKS],
    }

    impl Blocks {
        pub fn new() -> Blocks {
            Blocks::default()
        }
        /// Adds a block of `radices` (its size is their product) and returns its number.
        /// Panics past [`MAX_BLOCKS`] blocks or [`MAX_RADICES`] radices (a fixed layout).
        pub fn add(&mut self, radices: &[usize]) -> usize {
            let k = self.count;
            assert!(
                k < MAX_BLOCKS && radices.len() <= MAX_RADICES,
                "action layout too large"
            );
            self.starts[k] = self.len();
            self.radices[k][..radices.len()].copy_from_slice(radices);
            self.widths[k] = radices.len();
            self.count += 1;
            k
        }
        fn size(&self, block: usize) -> usize {
            self.radices[block][..self.widths[block]].iter().product()
        }
        /// Actions in all blocks.
        pub fn len(&self) -> usize {
            match self.count {
                0 => 0,
                n => self.starts[n - 1] + self.size(n - 1),
            }
        }
        pub fn is_empty(&self) -> bool {
            self.len() == 0
        }
        /// The index of `digits` in block `block`, `None` if a digit is out of its range.
        pub fn index(&self, block: usize, digits: &[usize]) -> Option<usize> {
            let radices = &self.radices[block][..self.widths[block]];
            let mut i = 0;
            for (&d, &r) in digits.iter().zip(radices) {
                if d >= r {
                    return None;
                }
                i = i * r + d;
            }
            Some(self.starts[block] + i)
        }
        /// The block and digits of `index` (digits written into `digits`), `None` past the end.
        pub fn decode(&self, index: usize, digits: &mut [usize]) -> Option<usize> {
            let block = self.starts[..self.count]
                .partition_point(|&s| s <= index)
                .checked_sub(1)?;
            let radices = &self.radices[block][..self.widths[block]];
            let mut rest = index - self.starts[block];
            if rest >= self.size(block) {
                return None;
            }
            for k in (0..radices.len()).rev() {
                digits[k] = rest % radices[k];
                rest /= radices[k];
            }
            Some(block)
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn blocks_round_trip() {
            let mut b = Blocks::new();
            let pass = b.add(&[]);
            let pair = b.add(&[3, 4]);
            assert_eq!(b.len(), 13);
            assert_eq!(b.index(pass, &[]), Some(0));
            assert_eq!(b.index(pair, &[2, 3]), Some(12));
            assert_eq!(b.index(pair, &[3, 0]), None);
            let mut d = [0; 2];
            assert_eq!(b.decode(12, &mut d), Some(pair));
            assert_eq!(d, [2, 3]);
            assert_eq!(b.decode(0, &mut d), Some(pass));
            assert_eq!(b.decode(13, &mut d), None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Mask;

    #[test]
    fn packed_and_byte_masks_set_the_same_actions() {
        let (mut bytes, mut bits) = ([0u8; 11], [0xffu8; 2]);
        let (mut a, mut b) = (Mask::bytes(&mut bytes), Mask::bits(&mut bits));
        b.clear();
        for i in [0, 3, 8, 10] {
            assert_eq!(a.set(i), Some(true));
            assert_eq!(b.set(i), Some(true));
        }
        assert_eq!(b.set(3), Some(false), "a second set is not new");
        assert_eq!(a.set(11), None);
        assert_eq!(b.set(16), None);
        assert!((0..11).all(|i| a.get(i) == b.get(i)));
        assert_eq!(bits, [0b1001, 0b101]);
    }
}
