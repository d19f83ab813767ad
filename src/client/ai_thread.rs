//! The AI thinks on a background thread so the window never freezes.
//!
//! The main thread sends a clone of the state (it is `Clone + Send`) with the seat to play; the
//! worker answers with a command on a channel, which the main thread polls every frame. A panic
//! inside an agent becomes a `Pass`, and dropping the [`AiWorker`] ends the thread after its
//! current move.
use crate::agent::Agent;
use crate::rules::Command;
use crate::state::State;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

struct Request {
    id: u64,
    seat: usize,
    state: Box<State>,
}

/// One answer of the worker.
#[derive(Clone, Copy, Debug)]
pub struct Reply {
    pub id: u64,
    pub cmd: Command,
    /// The agent panicked and the move was replaced by `Pass`.
    pub failed: bool,
}

/// Handle to the AI thread.
pub struct AiWorker {
    tx: Option<Sender<Request>>,
    rx: Receiver<Reply>,
    next_id: u64,
}

impl AiWorker {
    /// Starts the thread; `agents[seat]` plays that seat (`None` for human seats).
    pub fn spawn(mut agents: Vec<Option<Box<dyn Agent>>>) -> AiWorker {
        let (req_tx, req_rx) = channel::<Request>();
        let (rep_tx, rep_rx) = channel::<Reply>();
        let spawned = std::thread::Builder::new()
            .name("orbitals-ai".into())
            .spawn(move || {
                for req in req_rx {
                    let (cmd, failed) = match agents.get_mut(req.seat).and_then(|a| a.as_mut()) {
                        Some(agent) => {
                            match catch_unwind(AssertUnwindSafe(|| agent.choose(&req.state))) {
                                Ok(cmd) => (cmd, false),
                                Err(_) => (Command::Pass, true),
                            }
                        }
                        None => (Command::Pass, true),
                    };
                    let reply = Reply {
                        id: req.id,
                        cmd,
                        failed,
                    };
                    if rep_tx.send(reply).is_err() {
                        break;
                    }
                }
            });
        AiWorker {
            // If the thread could not start, requests fail and the game falls back to passing.
            tx: spawned.ok().map(|_| req_tx),
            rx: rep_rx,
            next_id: 1,
        }
    }

    /// Asks for a move; returns the request id, or `None` if the worker is gone.
    pub fn request(&mut self, seat: usize, state: &State) -> Option<u64> {
        let id = self.next_id;
        self.next_id += 1;
        let tx = self.tx.as_ref()?;
        tx.send(Request {
            id,
            seat,
            state: Box::new(state.clone()),
        })
        .ok()?;
        Some(id)
    }

    /// A finished answer, if any (never blocks).
    pub fn poll(&self) -> Option<Reply> {
        self.rx.try_recv().ok()
    }

    /// Waits up to `timeout` for an answer (screenshot runs only).
    pub fn wait(&self, timeout: Duration) -> Result<Reply, bool> {
        match self.rx.recv_timeout(timeout) {
            Ok(r) => Ok(r),
            Err(RecvTimeoutError::Timeout) => Err(false),
            Err(RecvTimeoutError::Disconnected) => Err(true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::parse_agent;
    use crate::data::{CardDb, Deck};
    use std::path::Path;
    use std::sync::Arc;

    #[test]
    fn worker_answers_with_a_legal_command() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let db = Arc::new(CardDb::load_dir(&root.join("cards")).unwrap());
        let d1 = Deck::load(&root.join("decks/vanguard.yaml"), &db).unwrap();
        let d2 = Deck::load(&root.join("decks/bastion.yaml"), &db).unwrap();
        let (s, _) = crate::rules::new_game(db, &[d1, d2], 5);
        let agents = vec![
            Some(parse_agent("random", 1).unwrap()),
            Some(parse_agent("random", 2).unwrap()),
        ];
        let mut w = AiWorker::spawn(agents);
        let id = w.request(s.active.index(), &s).unwrap();
        let r = w.wait(Duration::from_secs(10)).unwrap();
        assert_eq!(r.id, id);
        assert!(crate::rules::validate(&s, &r.cmd).is_ok());
    }
}
