//! What every game's command notation shares: the typed [`NotationError`] a misread line gives,
//! and [`Words`], the reader that walks a command's words.
//!
//! A game's parser names the verb, asks [`Words`] for the arguments its command takes and turns
//! each word into a value; every failure is one of the few ways a line can be wrong, so the
//! CLI, the scenario runner and the client report them alike (the scenario runner adds the
//! file and line).
use thiserror::Error;

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    #[error("empty command")]
    Empty,
    /// The first word names no command; `known` lists the game's commands or says where.
    #[error("unknown command `{verb}` ({known})")]
    UnknownCommand { verb: String, known: &'static str },
    /// The command stops before an argument it needs.
    #[error("`{verb}` needs more arguments ({usage})")]
    MissingArgument { verb: String, usage: &'static str },
    /// The command has a fixed number of arguments and got another.
    #[error("`{verb}` takes {expected} argument(s), got {got}")]
    WrongArity {
        verb: String,
        expected: String,
        got: usize,
    },
    /// A word is not the value its place asks for.
    #[error("`{word}` is not {expected}")]
    NotA { word: String, expected: String },
    /// Words are left after a complete command.
    #[error("`{verb}`: unexpected `{rest}`")]
    Unexpected { verb: String, rest: String },
    /// The words fit none of the game's command shapes.
    #[error("`{text}` is not a command ({hint})")]
    NoSuchShape { text: String, hint: &'static str },
}

impl NotationError {
    /// `word` is not `expected` (e.g. "a number from 0 to 255").
    pub fn not_a(word: impl Into<String>, expected: impl Into<String>) -> NotationError {
        NotationError::NotA {
            word: word.into(),
            expected: expected.into(),
        }
    }
}

/// The words of one command line: the verb and a cursor over its arguments.
#[derive(Clone, Debug)]
pub struct Words<'a> {
    verb: &'a str,
    args: Vec<&'a str>,
    next: usize,
    /// Where the game documents the command (quoted when arguments are missing).
    usage: &'static str,
}

impl<'a> Words<'a> {
    /// Splits `line` at whitespace; an empty line is [`NotationError::Empty`].
    pub fn new(line: &'a str, usage: &'static str) -> Result<Words<'a>, NotationError> {
        let mut it = line.split_whitespace();
        let verb = it.next().ok_or(NotationError::Empty)?;
        Ok(Words {
            verb,
            args: it.collect(),
            next: 0,
            usage,
        })
    }
    pub fn verb(&self) -> &'a str {
        self.verb
    }
    /// Every argument after the verb.
    pub fn args(&self) -> &[&'a str] {
        &self.args
    }
    /// The next argument, not taken.
    pub fn peek(&self) -> Option<&'a str> {
        self.args.get(self.next).copied()
    }
    /// Takes the next argument if it is `word` (an optional keyword such as `facing`).
    pub fn take_if(&mut self, word: &str) -> bool {
        let hit = self.peek() == Some(word);
        if hit {
            self.next += 1;
        }
        hit
    }
    /// Takes the next argument; missing is [`NotationError::MissingArgument`].
    pub fn word(&mut self) -> Result<&'a str, NotationError> {
        let w = self.peek().ok_or_else(|| NotationError::MissingArgument {
            verb: self.verb.to_string(),
            usage: self.usage,
        })?;
        self.next += 1;
        Ok(w)
    }
    /// Takes the next argument as a number from 0 to 255.
    pub fn num(&mut self) -> Result<u8, NotationError> {
        let w = self.word()?;
        w.parse::<u8>()
            .map_err(|_| NotationError::not_a(w, "a number from 0 to 255"))
    }
    /// Takes the next argument and reads it with `read`, which names what it expected.
    pub fn parse<T>(
        &mut self,
        read: impl FnOnce(&'a str) -> Result<T, NotationError>,
    ) -> Result<T, NotationError> {
        let w = self.word()?;
        read(w)
    }
    /// The command takes one of `counts` arguments.
    pub fn arity(&self, counts: &[usize]) -> Result<(), NotationError> {
        if counts.contains(&self.args.len()) {
            return Ok(());
        }
        Err(NotationError::WrongArity {
            verb: self.verb.to_string(),
            expected: counts
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" or "),
            got: self.args.len(),
        })
    }
    /// Every argument was taken.
    pub fn done(&self) -> Result<(), NotationError> {
        if self.next < self.args.len() {
            return Err(NotationError::Unexpected {
                verb: self.verb.to_string(),
                rest: self.args[self.next..].join(" "),
            });
        }
        Ok(())
    }
    /// [`NotationError::UnknownCommand`] for this verb.
    pub fn unknown(&self, known: &'static str) -> NotationError {
        NotationError::UnknownCommand {
            verb: self.verb.to_string(),
            known,
        }
    }
}

/// Reads `p1`, `p2`, … as a 0-based seat.
pub fn parse_seat_word(w: &str) -> Result<u8, NotationError> {
    w.strip_prefix('p')
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|n| *n >= 1)
        .map(|n| n - 1)
        .ok_or_else(|| NotationError::not_a(w, "a player (p1, p2, …)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_take_arguments_in_order_and_name_what_is_wrong() {
        let mut w = Words::new("burn k1 300", "see the rule book").unwrap();
        assert_eq!(w.verb(), "burn");
        assert_eq!(w.word().unwrap(), "k1");
        let e = w.num().unwrap_err();
        assert_eq!(e.to_string(), "`300` is not a number from 0 to 255");
        let e = w.word().unwrap_err();
        assert_eq!(
            e,
            NotationError::MissingArgument {
                verb: "burn".into(),
                usage: "see the rule book"
            }
        );
    }

    #[test]
    fn empty_lines_arity_and_leftovers_are_errors() {
        assert_eq!(Words::new("  ", "").unwrap_err(), NotationError::Empty);
        let mut w = Words::new("scuttle k1 k2", "").unwrap();
        assert_eq!(
            w.arity(&[1]).unwrap_err().to_string(),
            "`scuttle` takes 1 argument(s), got 2"
        );
        w.word().unwrap();
        assert_eq!(
            w.done().unwrap_err().to_string(),
            "`scuttle`: unexpected `k2`"
        );
        assert!(w.take_if("k2"));
        assert!(w.done().is_ok());
    }

    #[test]
    fn seats_are_numbered_from_one() {
        assert_eq!(parse_seat_word("p2"), Ok(1));
        for bad in ["p0", "2", "px", "p"] {
            assert!(parse_seat_word(bad).is_err(), "{bad}");
        }
    }
}
