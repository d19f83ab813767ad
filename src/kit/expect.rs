//! Expectations of a scenario, for every ruleset: outcome, an expected illegal command (by the
//! ruling it cites), events (in order), absent events and a subset of the printed state.
use serde::{Deserialize, Serialize};
use serde_yaml::Value;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
    /// Event lines that must not appear.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<String>,
    /// A part of the printed state that must match (mappings by key, lists item by item).
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
        for e in &self.absent {
            if lines.contains(e) {
                f.push(format!("absent: `{e}` happened"));
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
