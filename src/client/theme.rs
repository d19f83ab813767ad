//! Colours and the egui style: one dark "deep space" palette shared by the table and the panels.
use super::paint::{BOLD_TTF, REGULAR_TTF};
use crate::PlayerId;
use egui_macroquad::egui;
use macroquad::prelude::Color;

/// Colour from 0xRRGGBB.
pub const fn hex(v: u32) -> Color {
    Color::new(
        ((v >> 16) & 0xff) as f32 / 255.0,
        ((v >> 8) & 0xff) as f32 / 255.0,
        (v & 0xff) as f32 / 255.0,
        1.0,
    )
}

pub const BG: Color = hex(0x0a0f1c);
pub const PANEL: Color = hex(0x111827);
pub const BAR: Color = hex(0x162033);
pub const CARD: Color = hex(0x1d2940);
pub const CARD_DARK: Color = hex(0x151d2e);
pub const CARD_EDGE: Color = hex(0x33415c);
pub const CARD_BACK: Color = hex(0x2a2350);
pub const CARD_BACK_EDGE: Color = hex(0x6b5fc7);
pub const TEXT: Color = hex(0xe6edf7);
pub const TEXT_DIM: Color = hex(0x9aa7bd);
pub const TEXT_FAINT: Color = hex(0x64708a);
pub const GOOD: Color = hex(0x3ddc97);
pub const BAD: Color = hex(0xff5468);
pub const WARN: Color = hex(0xffb84d);
pub const SELECT: Color = hex(0xffd166);
pub const DAMAGE: Color = hex(0xe5484d);
pub const DV: Color = hex(0x5ad1ff);
pub const DEBRIS: Color = hex(0x8b8f99);
pub const BAND_A: Color = Color::new(1.0, 1.0, 1.0, 0.035);
pub const BAND_B: Color = Color::new(1.0, 1.0, 1.0, 0.065);

/// The colour-blind palette is in force (the Settings window's choice).
static COLOUR_BLIND: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Switches the seat colours to the colour-blind palette, or back.
pub fn set_colour_blind(on: bool) {
    COLOUR_BLIND.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// The colour-blind palette is in force.
pub fn colour_blind() -> bool {
    COLOUR_BLIND.load(std::sync::atomic::Ordering::Relaxed)
}

/// `normal`, or `blind` in the colour-blind palette.
pub fn pick(normal: Color, blind: Color) -> Color {
    if colour_blind() {
        blind
    } else {
        normal
    }
}

/// The highlight of a legal target (an orbital to burn to, an asset to build on). Green, or
/// in the colour-blind palette a light sky blue, which stays apart from [`attack`]'s orange in
/// every kind of colour blindness, by brightness as well as hue.
pub fn target() -> Color {
    pick(GOOD, hex(0x8fd6ff))
}

/// The highlight of something that can be attacked or bombarded: red, or in the colour-blind
/// palette Okabe and Ito's orange.
pub fn attack() -> Color {
    pick(BAD, hex(0xe69f00))
}

/// Each seat's colour (stable across hot-seat perspective switches). The colour-blind palette
/// (Okabe and Ito's) tells seats apart by brightness as well as hue: light sky blue, dark
/// vermilion, bright yellow, mid purple.
pub fn seat(p: PlayerId) -> Color {
    if colour_blind() {
        return match p.0 % 4 {
            0 => hex(0x56b4e9),
            1 => hex(0xd55e00),
            2 => hex(0xf0e442),
            _ => hex(0xcc79a7),
        };
    }
    match p.0 % 4 {
        0 => hex(0x4fa3ff),
        1 => hex(0xff8a4f),
        2 => hex(0xb67cff),
        _ => hex(0x5fe08a),
    }
}

/// The same colour for egui.
pub fn egui_color(c: Color) -> egui::Color32 {
    egui::Color32::from_rgba_unmultiplied(
        (c.r * 255.0) as u8,
        (c.g * 255.0) as u8,
        (c.b * 255.0) as u8,
        (c.a * 255.0) as u8,
    )
}

/// Installs the bundled fonts and the dark style into egui.
/// How far one mouse-wheel notch scrolls a list, in egui points.
pub const WHEEL_POINTS_PER_NOTCH: f32 = 50.0;

pub fn setup_egui(ctx: &egui::Context) {
    use egui::{FontData, FontDefinitions, FontFamily, FontId, TextStyle};
    use std::sync::Arc;
    // egui-macroquad hands egui a wheel notch as 1/90 of a line (miniquad reports ±1 per notch
    // on X11 and Windows), which egui's 40 points per line turn into under half a pixel. A notch
    // should scroll about 50 points, as in other programs.
    ctx.options_mut(|o| o.line_scroll_speed = WHEEL_POINTS_PER_NOTCH * 90.0);
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        "dejavu".into(),
        Arc::new(FontData::from_static(REGULAR_TTF)),
    );
    fonts.font_data.insert(
        "dejavu-bold".into(),
        Arc::new(FontData::from_static(BOLD_TTF)),
    );
    if let Some(f) = fonts.families.get_mut(&FontFamily::Proportional) {
        f.insert(0, "dejavu".into());
    }
    fonts.families.insert(
        FontFamily::Name("bold".into()),
        vec!["dejavu-bold".into(), "dejavu".into()],
    );
    ctx.set_fonts(fonts);

    let mut style = (*ctx.style()).clone();
    style.text_styles = [
        (
            TextStyle::Heading,
            FontId::new(20.0, FontFamily::Name("bold".into())),
        ),
        (TextStyle::Body, FontId::new(14.0, FontFamily::Proportional)),
        (
            TextStyle::Button,
            FontId::new(14.0, FontFamily::Proportional),
        ),
        (
            TextStyle::Small,
            FontId::new(11.5, FontFamily::Proportional),
        ),
        (
            TextStyle::Monospace,
            FontId::new(13.0, FontFamily::Monospace),
        ),
    ]
    .into();
    style.spacing.item_spacing = egui::vec2(8.0, 6.0);
    style.spacing.button_padding = egui::vec2(10.0, 5.0);
    style.spacing.slider_width = 150.0;
    let v = &mut style.visuals;
    *v = egui::Visuals::dark();
    v.panel_fill = egui_color(PANEL);
    v.window_fill = egui_color(hex(0x172136));
    v.window_stroke = egui::Stroke::new(1.0, egui_color(CARD_EDGE));
    v.extreme_bg_color = egui_color(hex(0x0c1322));
    v.faint_bg_color = egui_color(hex(0x141d30));
    v.override_text_color = Some(egui_color(TEXT));
    v.widgets.inactive.weak_bg_fill = egui_color(hex(0x22304b));
    v.widgets.inactive.bg_fill = egui_color(hex(0x22304b));
    v.widgets.hovered.weak_bg_fill = egui_color(hex(0x2d4066));
    v.widgets.hovered.bg_fill = egui_color(hex(0x2d4066));
    v.widgets.active.weak_bg_fill = egui_color(hex(0x3a5383));
    v.selection.bg_fill = egui_color(hex(0x2f5fa8));
    v.window_corner_radius = egui::CornerRadius::same(8);
    ctx.set_style(style);
    // Feathering is chosen where egui's output is painted (`egui_layer`): on in its
    // target, off on the multisampled window.
}

/// A bold egui font id of the given size.
pub fn bold(size: f32) -> egui::FontId {
    egui::FontId::new(size, egui::FontFamily::Name("bold".into()))
}

/// The game screens' right-hand panel: fixed `width`, the panel colour, a 10-point margin.
pub fn side_panel(ctx: &egui::Context, id: &'static str, width: f32) -> egui::SidePanel {
    egui::SidePanel::right(id)
        .exact_width(width)
        .resizable(false)
        .frame(
            egui::Frame::side_top_panel(&ctx.style())
                .fill(egui_color(PANEL))
                .inner_margin(10),
        )
}
