//! Expectations of a scenario, for every ruleset: outcome, an expected illegal command (by the
//! ruling it cites), events (in order), absent events and a subset of the printed state.
use serde::{Deserialize, Serialize};
use serde_yaml::Value;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// `ongoing`, `draw` or `winner pN`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    /// A ruling id: the run must stop at an illegal command citing it (state as before it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Event lines that must appear in this order (other events may come between).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<String>,
    /// With `error`: the file line of the command that must be rejected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_line: Option<usize>,
    /// Event lines that must all appear, in any order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events_any_order: Vec<String>,
    /// Event lines that must not appear; `*` in a pattern matches any text (`damaged *`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<String>,
    /// A part of the printed state that must match (mappings by key, lists item by item).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<serde_json::Value>")]
    pub state: Option<Value>,
    /// Replays: how many commands the file plays (a cut file plays fewer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commands: Option<usize>,
    /// Replays: [`state_hash`] of the final printed state (an edited file ends elsewhere).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_hash: Option<String>,
}

/// A stable fingerprint of a printed state: FNV-1a (64 bits) of its YAML text, in hex.
pub fn state_hash(view: &Value) -> String {
    let text = serde_yaml::to_string(view).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl Expect {
    /// Lists every failed expectation of a run of any ruleset, given as text: its outcome,
    /// whether it stopped at an (expected) illegal command, its event lines and its printed
    /// state.
    pub fn check_parts(
        &self,
        outcome: &str,
        stopped: bool,
        lines: &[String],
        state: Result<Value, String>,
    ) -> Vec<String> {
        let mut f = Vec::new();
        if let Some(o) = &self.outcome {
            if o.trim() != outcome {
                f.push(format!("outcome: expected `{o}`, got `{outcome}`"));
            }
        }
        if let Some(rule) = &self.error {
            if !stopped {
                f.push(format!(
                    "error: expected a command rejected by {rule}, none was"
                ));
            }
        }
        let mut at = 0;
        for e in &self.events {
            match lines[at..].iter().position(|l| l == e) {
                Some(i) => at += i + 1,
                None if lines.contains(e) => f.push(format!(
                    "events: `{e}` happened, but not in the expected order"
                )),
                None => f.push(format!("events: `{e}` did not happen")),
            }
        }
        for e in &self.events_any_order {
            if !lines.contains(e) {
                f.push(format!("events_any_order: `{e}` did not happen"));
            }
        }
        for e in &self.absent {
            if let Some(l) = lines.iter().find(|l| matches_pattern(e, l)) {
                f.push(format!("absent: `{e}` happened (`{l}`)"));
            }
        }
        if let Some(want) = &self.state {
            match state {
                Ok(have) => subset("state", want, &have, &mut f),
                Err(e) => f.push(format!("state: cannot compare: {e}")),
            }
        }
        f
    }
}

/// Does `line` match `pattern`, where `*` stands for any text (possibly empty)?
pub fn matches_pattern(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || !line.ends_with(last) || line.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for mid in &parts[1..parts.len() - 1] {
        match rest.find(mid) {
            Some(i) => rest = &rest[i + mid.len()..],
            None => return false,
        }
    }
    true
}

/// Checks that `want` is contained in `have`; a missing key matches `~`, `false`, `0` or `[]`.
fn subset(path: &str, want: &Value, have: &Value, f: &mut Vec<String>) {
    match (want, have) {
        (Value::Mapping(w), Value::Mapping(h)) => {
            for (k, wv) in w {
                let key = k
                    .as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| format!("{k:?}"));
                let p = format!("{path}.{key}");
                match h.get(k) {
                    Some(hv) => subset(&p, wv, hv, f),
                    None => {
                        if !is_default(wv) {
                            f.push(format!("{p}: expected {}, not present", show(wv)));
                        }
                    }
                }
            }
        }
        (Value::Sequence(w), Value::Sequence(h)) => {
            if w.len() != h.len() {
                f.push(format!(
                    "{path}: expected {} item(s), got {}: {}",
                    w.len(),
                    h.len(),
                    show(have)
                ));
                return;
            }
            for (i, (wv, hv)) in w.iter().zip(h).enumerate() {
                subset(&format!("{path}[{i}]"), wv, hv, f);
            }
        }
        (Value::String(w), Value::Mapping(h)) => {
            // A bare card id matches a `{card, as}` entry.
            if h.get("card").and_then(|c| c.as_str()) != Some(w.as_str()) {
                f.push(format!("{path}: expected {w}, got {}", show(have)));
            }
        }
        _ => {
            if want != have {
                f.push(format!(
                    "{path}: expected {}, got {}",
                    show(want),
                    show(have)
                ));
            }
        }
    }
}

fn is_default(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_u64() == Some(0),
        Value::Sequence(s) => s.is_empty(),
        _ => false,
    }
}

fn show(v: &Value) -> String {
    serde_yaml::to_string(v)
        .map(|s| s.trim().replace('\n', " "))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_any_text_at_a_star() {
        assert!(matches_pattern("damaged *", "damaged a2 1 total 1"));
        assert!(matches_pattern("* destroyed *", "asset destroyed prime"));
        assert!(matches_pattern("die * hit", "die 1 hit"));
        assert!(!matches_pattern("die * hit", "die 6 miss"));
        assert!(!matches_pattern("a*b", "é"));
        assert!(matches_pattern("exact", "exact"));
        assert!(!matches_pattern("exact", "exactly"));
    }

    #[test]
    fn events_in_any_order_and_absent_patterns() {
        let lines: Vec<String> = ["b", "a", "die 6 miss"].map(String::from).to_vec();
        let e = Expect {
            events_any_order: vec!["a".into(), "b".into()],
            absent: vec!["die * hit".into()],
            ..Expect::default()
        };
        assert!(e
            .check_parts("ongoing", false, &lines, Ok(Value::Null))
            .is_empty());
        let e = Expect {
            events_any_order: vec!["c".into()],
            absent: vec!["die *".into()],
            ..Expect::default()
        };
        assert_eq!(
            e.check_parts("ongoing", false, &lines, Ok(Value::Null))
                .len(),
            2
        );
    }
}
