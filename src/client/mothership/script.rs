//! Input played as if by a person (`--ms-script`): each word is a click on a cell, a key, a
//! panel button or a pause, given to the screen only when a person is to act and no AI move is
//! being announced, so that the same words replay the same game in screenshot runs. Words:
//!
//! | word | does |
//! |---|---|
//! | `C,R` | click the cell at column C, row R (as the status line names cells) |
//! | `hover=C,R` | put the pointer over a cell (its hints and the status line show) |
//! | `r` `f` `g` `esc` `enter` `undo` | the keys R (landing orientation), F (fire zones), G (planet view), Esc, Enter (end the turn), Ctrl+Z |
//! | `end` `plan` | the panel's "End turn" and "Finish the turn for me" |
//! | `style=N` | the planner's style for `plan` (1 mine, 2 mine and build, 3 attack, 4 rush, 5 home) |
//! | `pick=N` | the N-th command (from 1) of the menu a click opened |
//! | `tick=N` | at turn 21, tick (or untick) the box of the N-th own ship (from 1) |
//! | `other=N` | the N-th button (from 1) of the selection's commands aimed at no cell (take off...) |
//! | `seal` | the turn-21 "Seal" button |
//! | `lift` | the hot-seat curtain's "I am …" button |
//! | `look` | the score window's "Look at the map" |
//! | `wait=N` | let N frames pass |
//!
//! A word followed by `*N` is played N times (`plan*20`).
use crate::client::error::ClientError;
use std::collections::VecDeque;

/// One scripted input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Click(u16, u16),
    Hover(u16, u16),
    Key(ScriptKey),
    End,
    Plan,
    Pick(usize),
    Style(u8),
    Other(usize),
    Tick(usize),
    Seal,
    Lift,
    Look,
    Wait(u32),
}

/// The keys a script presses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScriptKey {
    Orient,
    Zones,
    Planet,
    Escape,
    Enter,
    Undo,
}

impl Step {
    /// Does this step wait for a person to be asked (and no AI move on the way)?
    pub fn needs_turn(self) -> bool {
        !matches!(
            self,
            Step::Wait(_)
                | Step::Look
                | Step::Hover(..)
                | Step::Style(_)
                | Step::Key(ScriptKey::Planet)
        )
    }
}

fn cell(s: &str) -> Option<(u16, u16)> {
    let (c, r) = s.split_once(',')?;
    Some((c.trim().parse().ok()?, r.trim().parse().ok()?))
}

fn number(word: &str, v: &str) -> Result<usize, ClientError> {
    v.parse().map_err(|_| ClientError::NotANumber {
        word: word.to_string(),
        value: v.to_string(),
    })
}

fn word(w: &str) -> Result<Step, ClientError> {
    if let Some((c, r)) = cell(w) {
        return Ok(Step::Click(c, r));
    }
    let (head, arg) = match w.split_once('=') {
        Some((h, a)) => (h, Some(a)),
        None => (w, None),
    };
    let step = match (head.to_ascii_lowercase().as_str(), arg) {
        ("hover", Some(a)) => {
            let (c, r) = cell(a).ok_or_else(|| ClientError::NotACell {
                word: w.to_string(),
                value: a.to_string(),
            })?;
            Step::Hover(c, r)
        }
        ("r", None) => Step::Key(ScriptKey::Orient),
        ("f", None) => Step::Key(ScriptKey::Zones),
        ("g", None) => Step::Key(ScriptKey::Planet),
        ("esc", None) => Step::Key(ScriptKey::Escape),
        ("enter", None) => Step::Key(ScriptKey::Enter),
        ("undo", None) => Step::Key(ScriptKey::Undo),
        ("end", None) => Step::End,
        ("plan", None) => Step::Plan,
        ("seal", None) => Step::Seal,
        ("lift", None) => Step::Lift,
        ("look", None) => Step::Look,
        ("pick", Some(a)) => Step::Pick(number(w, a)?.max(1)),
        ("style", Some(a)) => Step::Style(number(w, a)?.min(255) as u8),
        ("other", Some(a)) => Step::Other(number(w, a)?.max(1)),
        ("tick", Some(a)) => Step::Tick(number(w, a)?.max(1)),
        ("wait", Some(a)) => Step::Wait(number(w, a)? as u32),
        _ => return Err(ClientError::UnknownWord(w.to_string())),
    };
    Ok(step)
}

/// Reads a script: words separated by spaces, commas between words being part of cells, `#`
/// starting a comment to the end of the line.
pub fn parse(text: &str) -> Result<VecDeque<Step>, ClientError> {
    let mut out = VecDeque::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        for w in line.split_whitespace() {
            let (w, times) = match w.rsplit_once('*') {
                Some((w, n)) => (w, number(w, n)?),
                None => (w, 1),
            };
            let step = word(w)?;
            out.extend(std::iter::repeat_n(step, times));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_word() {
        let s = parse(
            "7,8 r end plan*3 # a comment\npick=2 other=1 tick=1 seal lift look wait=5 hover=3,4",
        )
        .unwrap();
        let v: Vec<Step> = s.into_iter().collect();
        assert_eq!(v[0], Step::Click(7, 8));
        assert_eq!(v[1], Step::Key(ScriptKey::Orient));
        assert_eq!(v[2], Step::End);
        assert_eq!(&v[3..6], &[Step::Plan; 3]);
        assert_eq!(
            &v[6..],
            &[
                Step::Pick(2),
                Step::Other(1),
                Step::Tick(1),
                Step::Seal,
                Step::Lift,
                Step::Look,
                Step::Wait(5),
                Step::Hover(3, 4)
            ]
        );
    }

    #[test]
    fn names_a_bad_word() {
        assert!(parse("7,8 jump")
            .unwrap_err()
            .to_string()
            .contains("`jump`"));
        assert!(parse("plan*x")
            .unwrap_err()
            .to_string()
            .contains("not a number"));
        assert!(parse("hover=3").unwrap_err().to_string().contains("C,R"));
    }

    #[test]
    fn keys_and_pauses_do_not_wait_for_a_turn() {
        assert!(!Step::Wait(3).needs_turn());
        assert!(!Step::Key(ScriptKey::Planet).needs_turn());
        assert!(Step::Click(1, 1).needs_turn());
    }
}
