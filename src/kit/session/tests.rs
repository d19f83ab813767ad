//! The session's unit tests: AI seats, undo and redo, saves.
use super::*;
use crate::agent::game::Game;
use crate::globetrotter::scenario::ScenarioFile;
use crate::globetrotter::{Config, State};

fn session(seats: Vec<Seat>) -> Session<State> {
    let file = ScenarioFile::fresh(Config::default(), 3);
    let mut events = Vec::new();
    let state = file.to_state(&mut events).unwrap();
    Session::new(state, (), Some(file), events, seats, 3, true)
}

fn run_until_human(s: &mut Session<State>) {
    for _ in 0..10_000 {
        if s.human_to_act() || s.over() || s.problem().is_some() {
            return;
        }
        s.update(1.0);
    }
    panic!("the AI never handed the turn back");
}

#[test]
fn ai_seats_play_and_people_undo_their_commands_with_the_replies() {
    let mut s = session(vec![Seat::Human, Seat::Ai(AgentSpec::Random)]);
    run_until_human(&mut s);
    let before = s.state().clone();
    let steps = s.history().len();
    let first = s.legal()[0];
    s.submit(first).unwrap();
    run_until_human(&mut s);
    assert!(s.history().len() > steps);
    assert!(s.undo());
    assert_eq!(s.history().len(), steps);
    assert_eq!(
        format!("{:?}", s.state().view(&())),
        format!("{:?}", before.view(&()))
    );
    assert!(!s.legal().is_empty());
}

#[test]
fn an_illegal_command_from_a_person_changes_nothing() {
    let mut s = session(vec![Seat::Human, Seat::Human]);
    let v = s.version();
    let mut all = Vec::new();
    crate::agent::game::Game::legal_moves(s.state(), &mut all);
    let bad = crate::globetrotter::Command::Fire;
    assert!(!all.contains(&bad));
    assert!(s.submit(bad).is_err());
    assert_eq!(s.version(), v);
    assert_eq!(s.history().len(), 1);
}

#[test]
fn a_save_loads_with_its_seats_history_and_dice() {
    let dir = std::env::temp_dir().join(format!("session-load-{}", std::process::id()));
    let path = dir.join("autosave.yaml");
    let mut s = session(vec![Seat::Human, Seat::Ai(AgentSpec::Greedy)]);
    s.autosave = Some(path.clone());
    // Six moves, then on until the person's last move can be taken back (the AI's reply
    // rolled no die, which undo never takes back).
    for moves in 0.. {
        run_until_human(&mut s);
        if moves >= 6 && s.can_undo() {
            break;
        }
        assert!(moves < 60, "no move that could be taken back in 60");
        let c = s.legal()[s.legal().len() / 2];
        s.submit(c).unwrap();
    }
    assert!(s.save_error().is_none());
    let loaded = Session::<State>::load(&path, None, true).unwrap();
    assert_eq!(loaded.seats(), s.seats());
    assert_eq!(loaded.history().len(), s.history().len());
    assert_eq!(loaded.state().view(&()), s.state().view(&()));
    let mut loaded = loaded;
    assert!(loaded.undo(), "undo works right after loading");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_save_with_a_bad_seat_or_command_names_it() {
    let dir = std::env::temp_dir().join(format!("session-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let s = session(vec![Seat::Human, Seat::Human]);
    let text = s.save_yaml(None).unwrap();
    let edit = |key: &str, value: serde_yaml::Value, name: &str| {
        let mut v: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
        match key {
            "seat" => v["save"]["seats"][0] = value,
            _ => v["commands"] = value,
        }
        let path = dir.join(name);
        std::fs::write(&path, serde_yaml::to_string(&v).unwrap()).unwrap();
        Session::<State>::load(&path, None, true)
            .err()
            .unwrap()
            .to_string()
    };
    let e = edit("seat", "wizard".into(), "seat.yaml");
    assert!(e.contains("seats[0]"), "{e}");
    let e = edit("commands", "fly away\n".into(), "cmd.yaml");
    assert!(e.contains("fly away"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn ai_games_finish_and_their_save_replays() {
    let mut s = session(vec![
        Seat::Ai(AgentSpec::Greedy),
        Seat::Ai(AgentSpec::Random),
    ]);
    for _ in 0..100_000 {
        if s.over() {
            break;
        }
        s.update(1.0);
    }
    assert!(s.over(), "{:?}", s.problem());
    let fresh = s.fresh_steps();
    assert_eq!(fresh.start, 0);
    assert_eq!(fresh.end, s.history().len());
    let dir = std::env::temp_dir().join(format!("session-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("save.yaml");
    std::fs::write(&path, s.replay_yaml().unwrap()).unwrap();
    let run = crate::kit::scenario::run_file::<State>(&path).unwrap();
    assert_eq!(run.state.view(&()), s.state().view(&()));
    std::fs::remove_dir_all(&dir).ok();
}

/// Plays `n` commands, each a legal one picked by `pick`, letting AI seats answer.
fn play_some(
    s: &mut Session<State>,
    n: usize,
    mut pick: impl FnMut(&[crate::globetrotter::Command]) -> usize,
) {
    for _ in 0..n {
        run_until_human(s);
        if s.over() {
            return;
        }
        let c = s.legal()[pick(s.legal()) % s.legal().len()];
        s.submit(c).unwrap();
    }
}

fn rolled(events: &[crate::globetrotter::Event]) -> bool {
    events
        .iter()
        .any(|e| matches!(e, crate::globetrotter::Event::Rolled { .. }))
}

#[test]
fn redo_after_undo_gives_the_same_state_history_and_dice() {
    let mut checked = 0;
    for seed in 0..20u64 {
        let mut s = session(vec![Seat::Human, Seat::Ai(AgentSpec::Greedy)]);
        let mut k = seed as usize;
        play_some(&mut s, 12, |l| {
            k = k.wrapping_mul(31).wrapping_add(7);
            k % l.len()
        });
        run_until_human(&mut s);
        if !s.can_undo() {
            continue;
        }
        let view = s.state().view(&());
        let steps: Vec<String> = s
            .history()
            .iter()
            .map(|h| format!("{:?}", h.events))
            .collect();
        assert!(s.undo());
        assert!(s.can_redo());
        assert!(s.redo());
        assert!(!s.can_redo());
        assert_eq!(s.state().view(&()), view);
        let again: Vec<String> = s
            .history()
            .iter()
            .map(|h| format!("{:?}", h.events))
            .collect();
        assert_eq!(again, steps);
        checked += 1;
    }
    assert!(checked > 5, "only {checked} games could undo");
}

#[test]
fn a_new_command_after_undo_drops_the_redo() {
    let mut s = session(vec![Seat::Human, Seat::Ai(AgentSpec::Greedy)]);
    run_until_human(&mut s);
    let c = s.legal()[0];
    s.submit(c).unwrap();
    run_until_human(&mut s);
    assert!(s.undo());
    let c = s.legal()[s.legal().len() - 1];
    s.submit(c).unwrap();
    assert!(!s.can_redo());
    assert!(!s.redo());
}

#[test]
fn undo_never_takes_back_dice_nor_enters_another_persons_turn() {
    let (mut dice, mut other) = (0, 0);
    for seed in 0..30u64 {
        let mut s = session(vec![Seat::Human, Seat::Human]);
        let mut k = seed as usize;
        for _ in 0..60 {
            if s.over() {
                break;
            }
            // Prefer shooting, to see dice often.
            k = k.wrapping_mul(17).wrapping_add(3);
            let l = s.legal();
            let c = l
                .iter()
                .copied()
                .find(|c| c.rolls_dice() && k.is_multiple_of(2))
                .unwrap_or(l[k % l.len()]);
            let mover = s.state().current_player();
            s.submit(c).unwrap();
            let last = s.history().last().unwrap();
            if rolled(&last.events) {
                dice += 1;
                assert!(!s.can_undo(), "a die roll can be taken back");
            }
            if !s.over() && s.state().current_player() != mover {
                other += 1;
                assert!(!s.can_undo(), "undo would enter the other person's turn");
                assert!(!s.undo());
            }
            if s.can_undo() {
                let before = s.history().len();
                assert!(s.undo());
                assert_eq!(s.state().current_player(), mover);
                assert!(s.history().len() < before);
                assert!(s.redo());
                assert_eq!(s.history().len(), before);
            }
        }
    }
    assert!(dice > 0 && other > 0, "dice {dice}, turn changes {other}");
}
