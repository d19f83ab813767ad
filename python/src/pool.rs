//! Helper threads that share a batch of items with the calling thread: the caller posts the
//! batch and works through it too, each thread claiming a few items at a time, so that a
//! helper that wakes late (or not at all) only does less of the work instead of holding the
//! caller up. Between batches a helper spins for a short while, so that the next batch of a
//! loop (a step, the learner's choice, the next step) finds it awake, then sleeps.
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How long an idle helper spins before it sleeps: about the pause between two steps of a
/// loop that chooses its actions quickly (longer pauses, a network's forward pass, find it
/// asleep: waking it costs the caller a system call, and the helper joins the batch late).
const SPIN: Duration = Duration::from_micros(50);
/// A pause between two looks at the clock while spinning (a few microseconds apart) longer
/// than this means the helper was preempted.
const PREEMPTED: Duration = Duration::from_micros(100);
/// How long a helper sleeps as soon as it is idle once it found the machine busy.
const BUSY: Duration = Duration::from_millis(200);
/// Most items in a batch (the claim word holds the count and the next index in 32 bits each,
/// and claims may run a little past the count).
const MOST: usize = 1 << 30;

/// A batch's work: item `i` of it. Called once per item, from any thread.
type Job<'a> = &'a (dyn Fn(usize) + Sync);

/// What the caller and its helpers share.
struct Shared {
    /// The open batch's item count (high half) and next unclaimed index (low half). A claim
    /// adds to the index; the batch is exhausted when the index reaches the count.
    claims: AtomicU64,
    /// The open batch's work, a [`Job`] with its lifetime erased: read only by a thread
    /// that holds a claim, which keeps the batch (and so the caller's frame) alive.
    job: AtomicPtr<()>,
    /// Items of the open batch claimed by a claim of this many.
    chunk: AtomicUsize,
    /// Items of the open batch done.
    done: AtomicUsize,
    /// Helpers asleep, or about to sleep.
    sleepers: AtomicUsize,
    /// The first panic of the batch, raised again on the caller's thread.
    panic: Mutex<Option<Box<dyn Any + Send>>>,
    stop: AtomicBool,
}

impl Shared {
    /// Claims and runs items of the open batch until none is left; `false` if there was none.
    fn work(&self) -> bool {
        let mut any = false;
        loop {
            let chunk = self.chunk.load(Ordering::Relaxed) as u64;
            let old = self.claims.fetch_add(chunk, Ordering::Acquire);
            let (count, first) = ((old >> 32) as usize, (old & u32::MAX as u64) as usize);
            if first >= count {
                return any;
            }
            any = true;
            // The claimed items keep the batch open: its job is this batch's, and alive.
            // SAFETY: `job` points to a `Job` of the caller's frame, which waits in `run` until
            // every item, these included, is done.
            let job: Job = unsafe { *self.job.load(Ordering::Acquire).cast::<Job>() };
            let last = (first + chunk as usize).min(count);
            for i in first..last {
                if let Err(p) = catch_unwind(AssertUnwindSafe(|| job(i))) {
                    let mut slot = self.panic.lock().unwrap_or_else(|p| p.into_inner());
                    slot.get_or_insert(p);
                }
            }
            self.done.fetch_add(last - first, Ordering::Release);
        }
    }

    fn open(&self) -> bool {
        let c = self.claims.load(Ordering::SeqCst);
        (c & u32::MAX as u64) < c >> 32
    }
}

/// The calling thread and `helpers` threads, stepping batches together.
pub struct Pool {
    shared: Arc<Shared>,
    helpers: Vec<JoinHandle<()>>,
    /// Whether batches are shared with the helpers or run on the calling thread alone.
    tuner: Tuner,
}

impl Pool {
    /// A pool of `threads` threads in all: the caller's and `threads - 1` helpers.
    pub fn new(threads: usize) -> Result<Pool, String> {
        let shared = Arc::new(Shared {
            claims: AtomicU64::new(0),
            job: AtomicPtr::new(std::ptr::null_mut()),
            chunk: AtomicUsize::new(1),
            done: AtomicUsize::new(0),
            sleepers: AtomicUsize::new(0),
            panic: Mutex::new(None),
            stop: AtomicBool::new(false),
        });
        let helpers = (1..threads.max(1))
            .map(|k| {
                let shared = Arc::clone(&shared);
                thread::Builder::new()
                    .name(format!("orbitals-env-{k}"))
                    .spawn(move || help(&shared))
                    .map_err(|e| format!("cannot start a helper thread: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Pool {
            shared,
            helpers,
            tuner: Tuner::default(),
        })
    }

    /// Threads in all, the caller's included.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Calls `job(i)` once for every `i` in `0..n`, on this thread and the helpers; returns
    /// when every call has. A panic of a call is raised again here, after the others.
    pub fn run(&mut self, n: usize, job: &(dyn Fn(usize) + Sync)) {
        if self.helpers.is_empty() || !(2..=MOST).contains(&n) || !self.tuner.shared() {
            (0..n).for_each(job);
            return;
        }
        let s = &*self.shared;
        // A few claims per thread: few enough to keep the claim word quiet, enough that the
        // threads finish together.
        let chunk = n.div_ceil(self.threads() * 8).max(1);
        s.chunk.store(chunk, Ordering::Relaxed);
        s.done.store(0, Ordering::Relaxed);
        s.job.store(
            (&job as *const Job).cast::<()>().cast_mut(),
            Ordering::Relaxed,
        );
        s.claims.store((n as u64) << 32, Ordering::SeqCst);
        if s.sleepers.load(Ordering::SeqCst) > 0 {
            self.helpers.iter().for_each(|h| h.thread().unpark());
        }
        s.work();
        // Helpers finish the items they claimed.
        let mut spins = 0u32;
        while s.done.load(Ordering::Acquire) < n {
            spins += 1;
            if spins < 1 << 14 {
                std::hint::spin_loop();
            } else {
                thread::yield_now();
            }
        }
        let panic = s.panic.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(p) = panic {
            std::panic::resume_unwind(p);
        }
    }
}

/// Chooses between sharing batches with the helpers and running them on the calling thread
/// alone, by the time from one batch to the next (the caller's own work between batches
/// included): helpers pay on a machine with cores to spare, but on a busy one they only take
/// time from the caller. It times a few blocks of batches each way, keeps the faster way
/// for a while, then times again.
#[derive(Default)]
struct Tuner {
    /// Batches run so far in the current round of trials and use.
    at: u32,
    /// When the last batch started, and whether it was shared.
    last: Option<(Instant, bool)>,
    /// Time between batches, and batches timed, alone and shared, in this round's trials.
    total: [Duration; 2],
    count: [u32; 2],
    /// The way chosen for the rest of the round, and batches in the round: a choice that
    /// the next round's trials confirm holds twice as long.
    share: Option<bool>,
    round: u32,
}

/// Batches in one block of trials; the trials alternate the two ways for `TRIALS` blocks.
const BLOCK: u32 = 16;
const TRIALS: u32 = 4;
/// Batches in a round (the trials, then the faster way): the fewest and the most.
const ROUND: u32 = 1024;
const LONGEST: u32 = 32 * ROUND;
/// A pause between batches longer than this is the caller's own business, not timed.
const PAUSE: Duration = Duration::from_millis(5);

impl Tuner {
    /// Is the next batch shared with the helpers?
    fn shared(&mut self) -> bool {
        let now = Instant::now();
        let trials = BLOCK * TRIALS;
        if let Some((then, shared)) = self.last {
            let gap = now.duration_since(then);
            if self.at <= trials && gap < PAUSE {
                self.total[usize::from(shared)] += gap;
                self.count[usize::from(shared)] += 1;
            }
        }
        if self.at == trials {
            let mean = |k: usize| self.total[k].as_secs_f64() / f64::from(self.count[k].max(1));
            let share = self.count[1] == 0 || mean(1) <= mean(0);
            self.round = if self.share == Some(share) {
                (self.round * 2).min(LONGEST)
            } else {
                ROUND
            };
            self.share = Some(share);
        }
        let share = match self.share {
            Some(share) if self.at >= trials => share,
            _ => (self.at / BLOCK).is_multiple_of(2),
        };
        self.at += 1;
        if self.at >= self.round.max(ROUND) {
            (self.at, self.last, self.total, self.count) = (0, None, Default::default(), [0; 2]);
        } else {
            self.last = Some((now, share));
        }
        share
    }
}

/// A helper's life: work through each batch, spin a while, then sleep until the next. Spinning
/// only pays on a machine with a core to spare: a helper that finds itself preempted while it
/// spins (the machine is busy) sleeps at once after its batches for a while.
fn help(s: &Shared) {
    let mut idle = Instant::now();
    let mut last = idle;
    let mut spins = 0u32;
    // Until when the helper sleeps as soon as it is idle.
    let mut busy_until = idle;
    while !s.stop.load(Ordering::Relaxed) {
        if s.open() && s.work() {
            idle = Instant::now();
            last = idle;
            spins = 0;
            continue;
        }
        spins += 1;
        if !spins.is_multiple_of(64) {
            std::hint::spin_loop();
            continue;
        }
        let now = Instant::now();
        if now.duration_since(last) > PREEMPTED {
            busy_until = now + BUSY;
        }
        last = now;
        if now.duration_since(idle) < SPIN && now >= busy_until {
            continue;
        }
        // Asleep only while no batch is open: `run` opens one, then looks for sleepers.
        s.sleepers.fetch_add(1, Ordering::SeqCst);
        if !s.open() && !s.stop.load(Ordering::SeqCst) {
            thread::park();
        }
        s.sleepers.fetch_sub(1, Ordering::SeqCst);
        idle = Instant::now();
        last = idle;
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        for h in self.helpers.drain(..) {
            h.thread().unpark();
            let _ = h.join();
        }
    }
}
