//! The egui side panel: who plays, what the selection can do (buttons built from the legal
//! commands, the combat slider bounded by the legal X range), options, and the event log.
use super::game::Game;
use super::glossary::{self, Book};
use super::interact::{own_commands, targets, CombatDraft, Interaction, Sel};
use super::labels::{command_label, phase_title};
use super::theme;
use super::unused::Unused;
use crate::maneuver::combat;
use crate::rules::Command;
use crate::state::Phase;
use egui_macroquad::egui::{self, RichText};

/// What the panel asks the app to do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PanelAction {
    Play(Command),
    Aim(CombatDraft),
    Fire,
    Concede,
    Menu,
    Undo,
    /// End the turn although assets or cards are unused (the player confirmed).
    EndTurn,
}

pub fn show(
    ctx: &egui::Context,
    width: f32,
    game: &mut Game,
    inter: &mut Interaction,
) -> Option<PanelAction> {
    let mut action = None;
    let frame = egui::Frame::new()
        .fill(theme::egui_color(theme::PANEL))
        .inner_margin(egui::Margin::symmetric(12, 10));
    egui::SidePanel::right("side")
        .exact_width(width)
        .resizable(false)
        .frame(frame)
        .show(ctx, |ui| {
            header(ui, game);
            ui.add_space(4.0);
            egui::Frame::group(ui.style())
                .fill(theme::egui_color(theme::hex(0x162033)))
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    actions(ui, game, inter, &mut action);
                });
            ui.add_space(2.0);
            options(ui, game, inter, &mut action);
            ui.separator();
            ui.label(RichText::new("Log").font(theme::bold(14.0)));
            let reader = game.log_reader();
            game.log
                .show(ui, reader, |p| theme::egui_color(theme::seat(p)));
        });
    action
}

fn header(ui: &mut egui::Ui, game: &Game) {
    let st = game.state();
    ui.horizontal(|ui| {
        ui.label(
            RichText::new("ORBITALS")
                .font(theme::bold(18.0))
                .color(theme::egui_color(theme::DV)),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.label(RichText::new(format!("Turn {} · {}", st.turn, phase_title(st.phase))).weak());
        });
    });
    for p in st.players() {
        let deck = game
            .setup
            .decks
            .get(p.index())
            .map(|d| d.name.as_str())
            .unwrap_or("");
        let mark = if p == st.active && !game.over() {
            "▶ "
        } else {
            "   "
        };
        ui.label(
            RichText::new(format!("{mark}{} — {deck}", game.names.player(p)))
                .color(theme::egui_color(theme::seat(p))),
        );
    }
}

fn actions(
    ui: &mut egui::Ui,
    game: &mut Game,
    inter: &mut Interaction,
    action: &mut Option<PanelAction>,
) {
    let st = game.state();
    if game.over() {
        ui.label(RichText::new("The game is over.").strong());
        return;
    }
    if game.curtain {
        ui.label("Waiting for the next player to take the seat.");
        return;
    }
    if !game.human_to_act() {
        let who = game.names.player(st.active);
        if game.ai_thinking() {
            ui.label(format!("{who} is thinking…"));
        } else {
            ui.label(format!("{who} is playing."));
        }
        ui.label(
            RichText::new("Watch the table; every move is written in the log below.")
                .small()
                .weak(),
        );
        return;
    }
    if inter.combat.is_some() {
        combat_box(ui, game, inter, action);
        return;
    }
    if inter.confirm_end {
        confirm_end(ui, game, inter, action);
        return;
    }
    if let Some(n) = &inter.notice {
        ui.label(
            RichText::new(n)
                .color(theme::egui_color(theme::WARN))
                .strong(),
        );
        ui.add_space(2.0);
    }
    match inter.sel {
        Some(sel) => selection_actions(ui, game, inter, sel, action),
        None => phase_actions(ui, game, action),
    }
    ui.add_space(4.0);
    pass_button(ui, game, action);
}

/// What the selected card can do: its title, a hint, a button per legal command, and what it
/// cannot do now with the reason.
fn selection_actions(
    ui: &mut egui::Ui,
    game: &Game,
    inter: &mut Interaction,
    sel: Sel,
    action: &mut Option<PanelAction>,
) {
    let st = game.state();
    let title = match sel {
        Sel::Ship(r) | Sel::Hand(r) | Sel::Asset(r) | Sel::Project(r) => game.names.card(st, r),
    };
    ui.label(RichText::new(super::words::capital(&title)).font(theme::bold(15.0)));
    let hint = match sel {
        Sel::Ship(_) => {
            "Click a lit orbital to move, a ship ringed for attack to attack it, or choose below."
        }
        Sel::Hand(_) => "Click a lit asset (or the New asset slot) to start building it.",
        Sel::Asset(_) => match st.phase {
            Phase::Research => {
                "Research taps the asset to draw; a tapped asset cannot build this turn."
            }
            Phase::Repair => {
                "Repair taps the asset to remove damage; it cannot build this turn then."
            }
            _ => "Click a lit project to add this asset's construction power.",
        },
        Sel::Project(_) => "Click a lit asset to build this project.",
    };
    glossary::label(ui, Book::Orbitals, RichText::new(hint).small().weak());
    let refused = super::why::refused(st, &game.names, sel);
    // Room for the moves and their reasons; the log below keeps the rest.
    let room = (ui.ctx().screen_rect().height() * 0.5).max(190.0);
    egui::ScrollArea::vertical()
        .max_height(room)
        .id_salt("sel-actions")
        .show(ui, |ui| {
            for (label, act) in selection_buttons(game, sel) {
                let button = egui::Button::new(label.as_str()).wrap();
                let resp = ui.add_sized([ui.available_width(), 24.0], button);
                if glossary::on_hover(resp, Book::Orbitals, &label).clicked() {
                    *action = Some(act);
                }
            }
            refusals(ui, &refused);
        });
    if ui.button("Cancel (Esc)").clicked() {
        inter.sel = None;
        inter.notice = None;
    }
}

/// What the selection cannot do now, each with why.
fn refusals(ui: &mut egui::Ui, refused: &[(String, String)]) {
    if !refused.is_empty() {
        ui.add_space(3.0);
        ui.label(RichText::new("Not possible now").small().weak());
    }
    for (what, why) in refused {
        egui::Frame::new()
            .fill(theme::egui_color(theme::hex(0x1a2335)))
            .corner_radius(4.0)
            .inner_margin(egui::Margin::symmetric(6, 3))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(
                    RichText::new(format!("✗ {what}")).color(theme::egui_color(theme::TEXT_DIM)),
                );
                glossary::label(
                    ui,
                    Book::Orbitals,
                    RichText::new(super::words::capital(why))
                        .small()
                        .color(theme::egui_color(theme::WARN)),
                );
            });
    }
}

/// Nothing selected: the phase, what to do in it, and its quick commands (research, repair,
/// contribute).
fn phase_actions(ui: &mut egui::Ui, game: &Game, action: &mut Option<PanelAction>) {
    let st = game.state();
    let hint = match st.phase {
        Phase::Maneuvers => "Select one of your ships (outlined green) to burn, transfer, attack, bombard, refit or scuttle.",
        Phase::Research => "Untapped assets may research: each draws a card.",
        Phase::Repair => "Damaged untapped assets may repair 1 damage.",
        Phase::Construction => "Select a card in your hand to build it, or let an asset add its construction power to a project.",
        _ => "",
    };
    glossary::label(
        ui,
        Book::Orbitals,
        RichText::new(phase_title(st.phase)).font(theme::bold(15.0)),
    );
    glossary::label(ui, Book::Orbitals, RichText::new(hint).small());
    egui::ScrollArea::vertical()
        .max_height(160.0)
        .id_salt("quick-actions")
        .show(ui, |ui| {
            for (label, act) in quick_buttons(game) {
                let resp = ui.add_sized(
                    [ui.available_width(), 24.0],
                    egui::Button::new(label.as_str()).wrap(),
                );
                if glossary::on_hover(resp, Book::Orbitals, &label).clicked() {
                    *action = Some(act);
                }
            }
        });
}

/// The selection's buttons: a command per target (an attack opens the dv slider) and its own
/// commands (scuttle, research…), each with its label.
pub fn selection_buttons(game: &Game, sel: Sel) -> Vec<(String, PanelAction)> {
    let st = game.state();
    let mut cmds: Vec<Command> = targets(st, sel, game.legal())
        .into_iter()
        .map(|(_, c)| c)
        .collect();
    cmds.extend(own_commands(sel, game.legal()));
    cmds.into_iter()
        .filter_map(|c| {
            let act = match c {
                Command::Combat { ship, target, .. } => {
                    let (lo, hi) = super::interact::combat_range(game.legal(), ship, target)?;
                    PanelAction::Aim(CombatDraft {
                        ship,
                        target,
                        x: hi,
                        lo,
                        hi,
                    })
                }
                _ => PanelAction::Play(c),
            };
            Some((command_label(st, &game.names, &c), act))
        })
        .collect()
}

/// With nothing selected, the phase's quick commands (research, repair, contribute).
pub fn quick_buttons(game: &Game) -> Vec<(String, PanelAction)> {
    let st = game.state();
    game.legal()
        .iter()
        .filter(|c| {
            matches!(
                c,
                Command::Research { .. } | Command::Repair { .. } | Command::Contribute { .. }
            )
        })
        .map(|c| (command_label(st, &game.names, c), PanelAction::Play(*c)))
        .collect()
}

/// The pass button's text: the phase's pass label and what is left unused.
pub fn pass_text(game: &Game) -> String {
    let st = game.state();
    match Unused::of(st, game.legal()).short() {
        Some(l) => format!("{} ▶  ({l})", super::labels::pass_label(st.phase)),
        None => format!("{} ▶", super::labels::pass_label(st.phase)),
    }
}

/// The button that ends the phase, with what is left unused.
fn pass_button(ui: &mut egui::Ui, game: &Game, action: &mut Option<PanelAction>) {
    let text = pass_text(game);
    let pass = egui::Button::new(RichText::new(text).strong())
        .fill(theme::egui_color(theme::hex(0x1f7a55)));
    if ui.add_sized([ui.available_width(), 28.0], pass).clicked() {
        *action = Some(PanelAction::Play(Command::Pass));
    }
}

/// "End the turn with these unused?" with End turn (Enter), Keep playing (Esc) and
/// "Don't ask again".
fn confirm_end(
    ui: &mut egui::Ui,
    game: &Game,
    inter: &mut Interaction,
    action: &mut Option<PanelAction>,
) {
    let st = game.state();
    let u = Unused::of(st, game.legal());
    ui.label(RichText::new("End the turn?").font(theme::bold(15.0)));
    if !u.assets.is_empty() {
        let names: Vec<String> = u.assets.iter().map(|a| game.names.card(st, a.0)).collect();
        glossary::label(
            ui,
            Book::Orbitals,
            format!(
                "{} could still add {} build points (construction power) to a project.",
                names.join(", "),
                u.points()
            ),
        );
    }
    if !u.cards.is_empty() {
        let names: Vec<String> = u.cards.iter().map(|c| game.names.card(st, *c)).collect();
        ui.label(format!("You could still start: {}.", names.join(", ")));
    }
    ui.label(
        RichText::new("Unused assets do nothing until your next turn.")
            .small()
            .weak(),
    );
    let mut never = !super::settings::get().warn_unused;
    if ui.checkbox(&mut never, "Don't ask again").changed() {
        let mut s = super::settings::get();
        s.warn_unused = !never;
        super::settings::set(s, true);
    }
    ui.horizontal(|ui| {
        let end = egui::Button::new(RichText::new("End turn (Enter)").strong())
            .fill(theme::egui_color(theme::hex(0x1f7a55)));
        if ui.add_sized([130.0, 28.0], end).clicked() {
            *action = Some(PanelAction::EndTurn);
        }
        if ui
            .add_sized([120.0, 28.0], egui::Button::new("Keep playing (Esc)"))
            .clicked()
        {
            inter.confirm_end = false;
        }
    });
}

fn combat_box(
    ui: &mut egui::Ui,
    game: &Game,
    inter: &mut Interaction,
    action: &mut Option<PanelAction>,
) {
    let Some(mut c) = inter.combat else { return };
    let st = game.state();
    ui.label(
        RichText::new(super::words::capital(&format!(
            "{} attacks {}",
            game.names.card(st, c.ship),
            game.names.card(st, c.target)
        )))
        .font(theme::bold(15.0)),
    );
    ui.label(
        RichText::new("Spend X delta-vee: more X means more range.")
            .small()
            .weak(),
    );
    let mut x = c.x as u32;
    ui.add(egui::Slider::new(&mut x, c.lo as u32..=c.hi as u32).text("X (dv)"));
    c.x = (x as u8).clamp(c.lo, c.hi);
    // The engine's own numbers for this attack.
    let a = combat::attack(st, c.ship, c.target, c.x);
    let need = a.threshold();
    let per = a.hit_chance() as f32;
    if need <= 1 {
        ui.label(
            RichText::new(format!(
                "{} dice, but at this X no roll can hit.",
                a.accuracy
            ))
            .color(theme::egui_color(theme::WARN)),
        );
    } else {
        ui.label(format!(
            "{} dice; a roll below {need} hits ({:.0}% each).",
            a.accuracy,
            per * 100.0
        ));
    }
    ui.label(format!(
        "Range {} vs defence {} · expected hits {:.1}",
        a.range,
        a.defence,
        per * a.accuracy as f32
    ));
    let left = st.armor(c.target).saturating_sub(st.inst(c.target).damage);
    ui.label(RichText::new(format!("{left} more damage destroys the target.")).weak());
    inter.combat = Some(c);
    ui.horizontal(|ui| {
        let fire = egui::Button::new(RichText::new("Fire").strong())
            .fill(theme::egui_color(theme::hex(0x8a2433)));
        if ui.add_sized([110.0, 28.0], fire).clicked() {
            *action = Some(PanelAction::Fire);
        }
        if ui
            .add_sized([90.0, 28.0], egui::Button::new("Cancel"))
            .clicked()
        {
            inter.combat = None;
        }
    });
}

fn options(
    ui: &mut egui::Ui,
    game: &mut Game,
    inter: &mut Interaction,
    action: &mut Option<PanelAction>,
) {
    egui::CollapsingHeader::new("Options")
        .default_open(false)
        .show(ui, |ui| {
            ui.add(
                egui::Slider::new(&mut game.session.speed, 0.25..=4.0)
                    .logarithmic(true)
                    .text("AI speed"),
            );
            ui.checkbox(
                &mut game.session.auto_pass,
                "Skip phases with nothing to do",
            );
            ui.horizontal(|ui| {
                if ui.button("Main menu").clicked() {
                    *action = Some(PanelAction::Menu);
                }
                if ui
                    .add_enabled(game.session.can_undo(), egui::Button::new("Undo (Ctrl+Z)"))
                    .on_hover_text("Take back your last move and the AI's replies to it")
                    .clicked()
                {
                    *action = Some(PanelAction::Undo);
                }
                if game.is_human(game.viewer) && !game.over() {
                    if inter.confirm_concede {
                        if ui
                            .button(
                                RichText::new("Really concede?")
                                    .color(theme::egui_color(theme::BAD)),
                            )
                            .clicked()
                        {
                            inter.confirm_concede = false;
                            *action = Some(PanelAction::Concede);
                        }
                    } else if ui.button("Concede").clicked() {
                        inter.confirm_concede = true;
                    }
                }
            });
        });
}
