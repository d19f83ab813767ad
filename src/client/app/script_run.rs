//! Plays a card-table script ([`crate::client::table_script`]) through the table's own input:
//! a `press` becomes the panel action, chip click or guide answer that button gives, a `click`
//! a click at a visible point of the card as the table hit-tests it. Steps that act wait until
//! you are to act, no AI move is announced and no dice roll, as a person would.
use super::table_frame::UiOut;
use super::{App, Screen};
use crate::client::copies::table_name;
use crate::client::error::ClientError;
use crate::client::game::Game;
use crate::client::howto::callout::CalloutAction;
use crate::client::howto::guide::Until;
use crate::client::panel::{self, PanelAction};
use crate::client::table::{
    hand,
    layout::{Hit, Layout},
};
use crate::client::table_script::{answers, Place, Step};
use crate::client::words::card_name;
use crate::ids::CardRef;
use crate::state::Zone;
use macroquad::prelude::*;

/// Frames between two steps (the screen shows each step's result).
const GAP: u32 = 3;
/// Frames a step may wait for your turn before the run gives up.
const PATIENCE: u32 = 20_000;

/// What a button on the screen does.
#[derive(Clone, Copy)]
enum Press {
    Panel(PanelAction),
    /// "Cancel", "Keep playing": Esc.
    Cancel,
    Guide(CalloutAction),
    Table(Hit),
}

/// A scripted table: the steps still to play and where the script put the pointer.
#[derive(Default)]
pub struct Script {
    /// The steps, each with its line in the script.
    pub steps: std::collections::VecDeque<(usize, Step)>,
    wait: u32,
    waited: u32,
    pub pointer: Option<Vec2>,
    /// Why the script stopped, if a step could not be played.
    pub error: Option<ClientError>,
    /// Steps played so far.
    played: usize,
    /// Where the game stood after the last step has been said.
    reported: bool,
    /// The number of the step whose result this frame shows, once it has settled.
    shot: Option<usize>,
}

impl Script {
    pub fn new(steps: Vec<(usize, Step)>) -> Script {
        Script {
            steps: steps.into(),
            ..Script::default()
        }
    }

    /// Steps are left to play.
    pub fn busy(&self) -> bool {
        !self.steps.is_empty() && self.error.is_none()
    }

    /// The number of the step whose result the frame just drawn shows, once per step.
    pub fn take_shot(&mut self) -> Option<usize> {
        self.shot.take()
    }
}

impl App {
    /// Plays the script's next step when it is its time; panel and guide buttons go into `ui`
    /// as if clicked this frame.
    pub(super) fn run_script(&mut self, game: &mut Game, layout: &Layout, ui: &mut UiOut) {
        let sc = &mut self.script;
        if sc.wait > 0 {
            sc.wait -= 1;
            if sc.wait == 0 && sc.played > 0 {
                sc.shot = Some(sc.played);
            }
            return;
        }
        if sc.steps.is_empty() && sc.played > 0 && !sc.reported {
            sc.reported = true;
            report(sc.played, game);
        }
        if !sc.busy() {
            return;
        }
        let Some((line, step)) = sc.steps.front().cloned() else {
            return;
        };
        let fail = |why: String| ClientError::ScriptStep {
            line,
            step: show(&step),
            why,
        };
        if step.needs_turn() {
            if game.over() && self.screen == Screen::GameOver {
                sc.error = Some(fail(format!(
                    "the game is over with {} steps left",
                    sc.steps.len()
                )));
                return;
            }
            let ready = self.screen == Screen::Table
                && game.human_to_act()
                && !game.curtain
                && game.announce().is_none()
                && game.dice.is_none()
                && !passes_by_itself(game);
            if !ready {
                sc.waited += 1;
                if sc.waited > PATIENCE {
                    sc.error = Some(fail(format!("waited {PATIENCE} frames for your turn")));
                }
                return;
            }
        }
        sc.steps.pop_front();
        sc.played += 1;
        sc.wait = GAP;
        sc.waited = 0;
        if let Err(why) = self.play_step(game, layout, ui, &step) {
            self.script.error = Some(fail(why));
        }
    }

    fn play_step(
        &mut self,
        game: &mut Game,
        layout: &Layout,
        ui: &mut UiOut,
        step: &Step,
    ) -> Result<(), String> {
        match step {
            Step::Press(text) => match self.button(game, layout, text)? {
                // The pointer goes to the panel or the callout, off the table.
                Press::Panel(a) => {
                    self.script.pointer = None;
                    ui.panel = Some(a);
                }
                Press::Guide(a) => ui.guide = Some(a),
                Press::Cancel => self.inter.cancel(),
                Press::Table(hit) => self.inter.click(Some(hit), layout, game),
            },
            Step::Click(place) => {
                let (hit, at) = self.place(game, layout, place)?;
                self.script.pointer = Some(at);
                self.inter.click(Some(hit), layout, game);
            }
            Step::Hover(None) => self.script.pointer = None,
            Step::Hover(Some(name)) => {
                let (_, at) = self.place(game, layout, &Place::Card(name.clone()))?;
                self.script.pointer = Some(at);
            }
            Step::Dv(x) => {
                let c = self
                    .inter
                    .combat
                    .as_mut()
                    .ok_or("no attack is being aimed")?;
                if !(c.lo..=c.hi).contains(x) {
                    return Err(format!("the slider goes from {} to {}", c.lo, c.hi));
                }
                c.x = *x;
            }
            Step::Cancel => self.inter.cancel(),
            Step::Undo => {
                if !game.undo() {
                    return Err("nothing to undo".into());
                }
                self.inter.cancel();
            }
            Step::Wait(n) => self.script.wait = *n,
        }
        Ok(())
    }

    /// The buttons on screen now, with their texts: the guide's, the side panel's, the chips.
    fn buttons(&self, game: &Game, layout: &Layout) -> Vec<(String, Press)> {
        let mut out = Vec::new();
        if let Some(step) = self.guide.as_ref().and_then(|g| g.current()) {
            if step.until == Until::Read {
                out.push(("Got it".into(), Press::Guide(CalloutAction::Read)));
            }
            out.push(("Skip guide".into(), Press::Guide(CalloutAction::Skip)));
        }
        if game.over() || game.curtain || !game.human_to_act() {
            return out;
        }
        let panel_button = |(l, a): (String, PanelAction)| (l, Press::Panel(a));
        if self.inter.combat.is_some() {
            out.push(("Fire".into(), Press::Panel(PanelAction::Fire)));
            out.push(("Cancel".into(), Press::Cancel));
            return out;
        }
        if self.inter.confirm_end {
            out.push((
                "End turn (Enter)".into(),
                Press::Panel(PanelAction::EndTurn),
            ));
            out.push(("Keep playing (Esc)".into(), Press::Cancel));
            return out;
        }
        match self.inter.sel {
            Some(sel) => {
                out.extend(
                    panel::selection_buttons(game, sel)
                        .into_iter()
                        .map(panel_button),
                );
                out.push(("Cancel (Esc)".into(), Press::Cancel));
            }
            None => out.extend(panel::quick_buttons(game).into_iter().map(panel_button)),
        }
        let pass = crate::rules::Command::Pass;
        out.push((
            panel::pass_text(game),
            Press::Panel(PanelAction::Play(pass)),
        ));
        for (i, chip) in layout.chips.iter().enumerate() {
            out.push((chip.label.clone(), Press::Table(Hit::Chip(i))));
        }
        out
    }

    /// The button a `press` names: the one whose text is the one written, else the only one
    /// whose text starts with it.
    fn button(&self, game: &Game, layout: &Layout, text: &str) -> Result<Press, String> {
        let all = self.buttons(game, layout);
        let exact = all
            .iter()
            .find(|(l, _)| l.trim().eq_ignore_ascii_case(text.trim()));
        if let Some((_, p)) = exact {
            return Ok(*p);
        }
        let found: Vec<&(String, Press)> = all.iter().filter(|(l, _)| answers(l, text)).collect();
        match found.as_slice() {
            [(_, p)] => Ok(*p),
            [] => Err(format!(
                "no button \"{text}\" on the screen; it shows {}",
                quoted(all.iter().map(|(l, _)| l.as_str()))
            )),
            many => Err(format!(
                "\"{text}\" could be {}",
                quoted(many.iter().map(|(l, _)| l.as_str()))
            )),
        }
    }

    /// What a `click` or `hover` names, and a point of it that is not covered.
    fn place(&self, game: &Game, layout: &Layout, place: &Place) -> Result<(Hit, Vec2), String> {
        let (hit, rect) = match place {
            Place::Card(name) => {
                let r = self.card_named(game, layout, name)?;
                let rect = layout.card_rect(r).ok_or("it is not on the table")?;
                (hit_for(game, r), rect)
            }
            Place::Orbital(n, name) => {
                let a = self.card_named(game, layout, name)?;
                let col = layout
                    .column(a)
                    .ok_or_else(|| format!("{name} is not an asset in play"))?;
                let i = usize::from(n.saturating_sub(1));
                let band = col
                    .bands
                    .get(i)
                    .ok_or_else(|| format!("{name} has orbitals 1 to {}", col.bands.len()))?;
                (
                    Hit::Band {
                        asset: a,
                        orbital: i as u8,
                    },
                    *band,
                )
            }
            Place::NewAssetSlot => {
                let side = layout
                    .sides
                    .iter()
                    .find(|s| s.player == game.viewer)
                    .ok_or("your field is not shown")?;
                (Hit::FieldSlot(game.viewer), side.field_slot)
            }
        };
        let lifted = hand::lifted(&self.inter);
        let steps = 8;
        for j in 1..steps {
            for i in 1..steps {
                let p = vec2(
                    rect.x + rect.w * i as f32 / steps as f32,
                    rect.y + rect.h * j as f32 / steps as f32,
                );
                if layout.hit(p, lifted) == Some(hit) {
                    return Ok((hit, p));
                }
            }
        }
        Err("it is covered by other cards".into())
    }

    /// The card on the table a script names: by its name as a label says it ("AI's Fighter
    /// Wasp #2"), as the card shows it with or without its owner ("Wasp #2", "your Wasp") or
    /// by its card name ("Fighter Wasp", "Wasp"); a hand card also as "Wasp in hand". Only
    /// cards you can see count; copies of one card in your hand are one.
    fn card_named(&self, game: &Game, layout: &Layout, name: &str) -> Result<CardRef, String> {
        let st = game.state();
        let you = game.viewer;
        let seen = |r: CardRef| {
            let c = st.inst(r);
            match c.zone {
                Zone::Hand | Zone::Project => c.owner == you,
                Zone::Ship | Zone::Asset | Zone::Upgrade => true,
                _ => false,
            }
        };
        let matches = |r: CardRef| {
            [
                game.names.card(st, r),
                script_name(game, r),
                table_name(st, r),
                card_name(st, r),
                st.card_of(r).name.clone(),
            ]
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name.trim()))
        };
        let mut found: Vec<CardRef> = st
            .refs()
            .map(|(r, _)| r)
            .filter(|&r| seen(r) && layout.card_rect(r).is_some() && matches(r))
            .collect();
        // Copies of one card in the hand are the same choice: keep the first.
        let mut kept: Vec<CardRef> = Vec::new();
        found.retain(|&r| {
            let same = kept.iter().any(|&k| {
                st.inst(k).zone == Zone::Hand
                    && st.inst(r).zone == Zone::Hand
                    && st.inst(k).card == st.inst(r).card
            });
            kept.push(r);
            !same
        });
        match found.as_slice() {
            [r] => Ok(*r),
            [] => Err(format!("no card \"{name}\" on the table")),
            many => Err(format!(
                "\"{name}\" could be {}",
                quoted(
                    many.iter()
                        .map(|&r| script_name(game, r))
                        .collect::<Vec<_>>()
                        .iter()
                        .map(String::as_str)
                )
            )),
        }
    }
}

/// Says where the game stands once the script has been played, for runs without a person:
/// "script played 61 steps: turn 13, Research, You to act".
fn report(played: usize, game: &Game) {
    use std::io::Write;
    let st = game.state();
    let now = if game.over() {
        "the game is over".to_string()
    } else {
        format!("{} to act", game.names.player(st.active))
    };
    let phase = crate::client::labels::phase_title(st.phase);
    let line = format!(
        "script played {played} steps: turn {}, {phase}, {now}",
        st.turn
    );
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// With "Skip phases with nothing to do" on, a phase where passing is all you can do ends by
/// itself: the script waits for it, as a person would.
fn passes_by_itself(game: &Game) -> bool {
    game.session.auto_pass && game.legal() == [crate::rules::Command::Pass]
}

/// The name that tells a card apart in a script: "your Wasp", "AI's Wasp #2", "Wasp in hand".
fn script_name(game: &Game, r: CardRef) -> String {
    let st = game.state();
    let c = st.inst(r);
    match c.zone {
        Zone::Hand => format!("{} in hand", st.card_of(r).name),
        z if crate::client::copies::public(z) => {
            // In the middle of a message: "could be your Anvil, Anvil in hand".
            let whose = if game.names.you == Some(c.owner) {
                "your".to_string()
            } else {
                game.names.possessive(c.owner)
            };
            format!("{whose} {}", table_name(st, r))
        }
        _ => game.names.card(st, r),
    }
}

/// What clicking a card is, by where it is.
fn hit_for(game: &Game, r: CardRef) -> Hit {
    match game.state().inst(r).zone {
        Zone::Hand => Hit::Hand(r),
        Zone::Ship => Hit::Ship(r),
        Zone::Upgrade => Hit::Upgrade(r),
        Zone::Project => Hit::Project(r),
        _ => Hit::Asset(r),
    }
}

/// `"a", "b"` for an error.
fn quoted<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let v: Vec<String> = items.map(|s| format!("\"{s}\"")).collect();
    if v.is_empty() {
        "no buttons".into()
    } else {
        v.join(", ")
    }
}

/// A step as a script would write it (for errors).
fn show(step: &Step) -> String {
    match step {
        Step::Press(t) => format!("press {t}"),
        Step::Click(Place::Card(n)) => format!("click {n}"),
        Step::Click(Place::Orbital(k, n)) => format!("click orbital {k} of {n}"),
        Step::Click(Place::NewAssetSlot) => "click new asset slot".into(),
        Step::Hover(Some(n)) => format!("hover {n}"),
        Step::Hover(None) => "hover off".into(),
        Step::Dv(x) => format!("dv {x}"),
        Step::Cancel => "cancel".into(),
        Step::Undo => "undo".into(),
        Step::Wait(n) => format!("wait {n}"),
    }
}
