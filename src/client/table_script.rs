//! Input for the card table played as if by a person (`--script`): each step names what a
//! person looks at and clicks, in the words the screen shows, so that a script reads like a
//! game played. Steps are separated by new lines or `;`; a `#` at the start of a line or
//! followed by a space starts a comment to the end of the line (so "Wasp #2" is a name); names
//! may be quoted (`press "End maneuvers"`).
//!
//! | step | does |
//! |---|---|
//! | `press TEXT` | clicks the button whose text starts with TEXT: the side panel's (a move, "End maneuvers", "Fire", "End turn (Enter)", "Cancel"…), an asset's chip ("Research", "Build +2") or the guide's ("Got it", "Skip guide") |
//! | `click NAME` | clicks the card of that name on the table, as the card, a button or the log names it ("Terra", "Fighter Wasp #2", "your Wasp", "AI's Fighter Wasp"); a hand card by its card name, or as "Wasp in hand" when a ship has the same name |
//! | `click orbital N of NAME` | clicks orbital N (1 is the lowest) of an asset |
//! | `click new asset slot` | clicks your field's free slot, where asset projects start |
//! | `hover NAME` | puts the pointer on a card (its tooltip shows; `hover off` takes it away) |
//! | `dv N` | sets the attack's delta-vee slider to N |
//! | `cancel` | Esc: puts the selection down |
//! | `undo` | Ctrl+Z |
//! | `wait N` | lets N frames pass |
//!
//! The steps are checked against the screen when they are played: a button or card the
//! screen does not show stops the run with an error that names the step and what it shows.
use super::error::ClientError;

/// One scripted input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Press(String),
    Click(Place),
    Hover(Option<String>),
    Dv(u8),
    Cancel,
    Undo,
    Wait(u32),
}

/// Something on the table to click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Card(String),
    /// Orbital `n` (1 is the lowest) of the named asset.
    Orbital(u8, String),
    NewAssetSlot,
}

impl Step {
    /// Does this step act for the player (and so wait until the player is to act)?
    pub fn needs_turn(&self) -> bool {
        !matches!(self, Step::Wait(_) | Step::Hover(_))
    }
}

/// The words a step may start with, for the error on an unknown one.
const WORDS: &str = "press, click, hover, dv, cancel, undo, wait";

/// A name as written, without quotes around it.
fn unquoted(s: &str) -> String {
    let t = s.trim();
    let q = |c: char| c == '"' || c == '\'';
    if t.len() >= 2 && t.starts_with(q) && t.ends_with(q) {
        t[1..t.len() - 1].trim().to_string()
    } else {
        t.to_string()
    }
}

fn number<T: std::str::FromStr>(word: &str, v: &str) -> Result<T, ClientError> {
    v.trim().parse().map_err(|_| ClientError::NotANumber {
        word: word.to_string(),
        value: v.trim().to_string(),
    })
}

fn needs_name(word: &str, name: &str) -> Result<String, ClientError> {
    let n = unquoted(name);
    if n.is_empty() {
        return Err(ClientError::ScriptNeedsName(word.to_string()));
    }
    Ok(n)
}

fn place(rest: &str) -> Result<Place, ClientError> {
    let name = needs_name("click", rest)?;
    let lower = name.to_ascii_lowercase();
    if lower == "new asset slot" {
        return Ok(Place::NewAssetSlot);
    }
    // "orbital 2 of Terra"; a card named "Orbital Dock" is a card.
    if let Some((n, asset)) = lower
        .strip_prefix("orbital ")
        .and_then(|t| t.split_once(" of "))
    {
        let n: u8 = number("click orbital", n)?;
        // The asset's name as written (the case of its letters kept for the error).
        let at = name.len() - asset.len();
        return Ok(Place::Orbital(
            n,
            needs_name("click orbital N of", &name[at..])?,
        ));
    }
    Ok(Place::Card(name))
}

fn step(text: &str) -> Result<Step, ClientError> {
    let (head, rest) = match text.split_once(char::is_whitespace) {
        Some((h, r)) => (h, r.trim()),
        None => (text, ""),
    };
    let bare = |s: Step| {
        if rest.is_empty() {
            Ok(s)
        } else {
            Err(ClientError::ScriptExtra {
                word: head.to_string(),
                extra: rest.to_string(),
            })
        }
    };
    match head.to_ascii_lowercase().as_str() {
        "press" => Ok(Step::Press(needs_name("press", rest)?)),
        "click" => Ok(Step::Click(place(rest)?)),
        "hover" if rest.eq_ignore_ascii_case("off") => Ok(Step::Hover(None)),
        "hover" => Ok(Step::Hover(Some(needs_name("hover", rest)?))),
        "dv" => Ok(Step::Dv(number("dv", rest)?)),
        "wait" => Ok(Step::Wait(number("wait", rest)?)),
        "cancel" => bare(Step::Cancel),
        "undo" => bare(Step::Undo),
        _ => Err(ClientError::UnknownStep {
            word: head.to_string(),
            words: WORDS,
        }),
    }
}

/// A line without its comment: from a `#` at its start or before a space.
fn without_comment(line: &str) -> &str {
    let b = line.as_bytes();
    let at = (0..b.len()).find(|&i| {
        b[i] == b'#'
            && (line[..i].trim().is_empty() || b.get(i + 1).is_none_or(u8::is_ascii_whitespace))
    });
    &line[..at.unwrap_or(b.len())]
}

/// Reads a script. An error names the line and the step.
pub fn parse(text: &str) -> Result<Vec<Step>, ClientError> {
    Ok(parse_lines(text)?.into_iter().map(|(_, s)| s).collect())
}

/// Reads a script, each step with its line (from 1).
pub fn parse_lines(text: &str) -> Result<Vec<(usize, Step)>, ClientError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = without_comment(line);
        for part in line.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            let st = step(part).map_err(|e| ClientError::ScriptLine {
                line: i + 1,
                error: Box::new(e),
            })?;
            out.push((i + 1, st));
        }
    }
    Ok(out)
}

/// Does a button's text answer to what a script wrote? Case and spaces at the ends do not
/// count; the text may be the start of the button's (its "▶" and notes left out).
pub fn answers(label: &str, wanted: &str) -> bool {
    let (l, w) = (label.trim().to_lowercase(), wanted.trim().to_lowercase());
    !w.is_empty() && l.starts_with(&w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_step() {
        let s = parse(
            "press \"Got it\"; click Terra # a comment\n\
             click orbital 2 of Ares Prime; click new asset slot\n\
             hover AI's Fighter Wasp #2; click 'Fighter Wasp #1'; click Orbital Dock",
        )
        .unwrap();
        assert_eq!(
            s,
            vec![
                Step::Press("Got it".into()),
                Step::Click(Place::Card("Terra".into())),
                Step::Click(Place::Orbital(2, "Ares Prime".into())),
                Step::Click(Place::NewAssetSlot),
                Step::Hover(Some("AI's Fighter Wasp #2".into())),
                Step::Click(Place::Card("Fighter Wasp #1".into())),
                Step::Click(Place::Card("Orbital Dock".into())),
            ]
        );
    }

    #[test]
    fn steps_after_a_comment_line_are_read() {
        let s = parse("# first the guide\npress Got it\nhover off; dv 3; cancel; undo; wait 10")
            .unwrap();
        assert_eq!(
            s,
            vec![
                Step::Press("Got it".into()),
                Step::Hover(None),
                Step::Dv(3),
                Step::Cancel,
                Step::Undo,
                Step::Wait(10),
            ]
        );
        assert!(!Step::Wait(1).needs_turn() && Step::Cancel.needs_turn());
    }

    #[test]
    fn names_the_bad_word_and_its_line() {
        let e = parse("press Got it\njump Terra").unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("`jump`"), "{e}");
        assert!(e.contains("press, click"), "{e}");
        let e = parse("dv lots").unwrap_err().to_string();
        assert!(e.contains("not a number"), "{e}");
        let e = parse("press").unwrap_err().to_string();
        assert!(e.contains("`press` needs"), "{e}");
        let e = parse("cancel now").unwrap_err().to_string();
        assert!(e.contains("`now`"), "{e}");
        let e = parse("click orbital two of Terra").unwrap_err().to_string();
        assert!(e.contains("`two`"), "{e}");
    }

    #[test]
    fn a_button_answers_to_the_start_of_its_text() {
        assert!(answers("End maneuvers ▶  (2 ships)", "end maneuvers"));
        assert!(answers(
            "Attack AI's Fighter Wasp #2 (choose…)",
            "Attack AI's Fighter Wasp #2"
        ));
        assert!(!answers("Research with Terra", "Repair"));
        assert!(!answers("Fire", " "));
    }
}
