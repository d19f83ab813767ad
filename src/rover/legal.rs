//! Every legal command (R3): each candidate shape filtered through [`validate`], so the list
//! agrees with validation by construction.
use super::command::{validate, Command};
use super::content::BAY_SIZE;
use super::geom::Dir;
use super::ids::Slot;
use super::state::State;

/// Every legal command now, into `out` (cleared first). Empty only when the game is over.
pub fn legal_commands_into(s: &State, out: &mut Vec<Command>) {
    out.clear();
    let mut push = |c: Command| {
        if validate(s, &c).is_ok() {
            out.push(c);
        }
    };
    push(Command::Wait);
    for d in Dir::ALL {
        push(Command::Move(d));
        push(Command::Ram(d));
        push(Command::Access(d));
    }
    for k in 0..3u8 {
        push(Command::Use(Slot(k), None));
        for d in Dir::ALL {
            push(Command::Use(Slot(k), Some(d)));
        }
        push(Command::Remove(Slot(k)));
        for b in 0..BAY_SIZE as u8 {
            push(Command::Install {
                bay: b,
                slot: Slot(k),
            });
        }
    }
    push(Command::Refit);
}

pub fn legal_commands(s: &State) -> Vec<Command> {
    let mut v = Vec::new();
    legal_commands_into(s, &mut v);
    v
}
