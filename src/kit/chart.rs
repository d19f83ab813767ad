//! An SVG chart of a series: one bar per side with its win rate and Wilson 95% interval, side
//! 1's results by deck when it played several, and the first mover's win rate, against the fair-share line (50% for two sides). Written by hand, no dependencies.
use super::summary::Summary;
use crate::agent::stats::format_p;
use std::fmt::Write;

const WIDTH: f64 = 780.0;
const LEFT: f64 = 270.0;
const RIGHT: f64 = 740.0;
const TOP: f64 = 78.0;
const ROW: f64 = 62.0;
const BAR: f64 = 26.0;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn x(rate: f64) -> f64 {
    LEFT + (RIGHT - LEFT) * rate.clamp(0.0, 1.0)
}

struct Row {
    title: String,
    detail: String,
    rate: f64,
    lo: f64,
    hi: f64,
    colour: &'static str,
}

/// The chart as an SVG document.
pub fn svg(s: &Summary) -> String {
    const COLOURS: [&str; 6] = [
        "#2f6fb3", "#d9822b", "#3c9a5f", "#a04fb0", "#c0392b", "#1f9aa8",
    ];
    let mut rows: Vec<Row> = s
        .sides
        .iter()
        .enumerate()
        .map(|(i, a)| Row {
            title: format!("{} ({})", a.agent, a.deck),
            detail: format!(
                "{}W {}L {}D · p = {}",
                a.wins,
                a.losses,
                a.draws,
                format_p(a.p_value)
            ),
            rate: a.win_rate,
            lo: a.ci_low,
            hi: a.ci_high,
            colour: COLOURS[i % COLOURS.len()],
        })
        .collect();
    // Side 1's results by deck, when it played several.
    rows.extend(s.by_deck.iter().map(|d| Row {
        title: format!("{} with {}", d.agent, d.deck),
        detail: format!(
            "{}W {}L {}D · p = {}",
            d.wins,
            d.losses,
            d.draws,
            format_p(d.p_value)
        ),
        rate: d.win_rate,
        lo: d.ci_low,
        hi: d.ci_high,
        colour: "#7fa7d4",
    }));
    rows.push(Row {
        title: "first mover".into(),
        detail: "either side, moving first".into(),
        rate: s.first_mover_win_rate,
        lo: s.first_mover_ci_low,
        hi: s.first_mover_ci_high,
        colour: "#8a8f98",
    });
    let fair = 1.0 / s.sides.len().max(1) as f64;
    let title = s
        .sides
        .iter()
        .map(|a| esc(&a.agent))
        .collect::<Vec<_>>()
        .join(" vs ");
    let height = TOP + ROW * rows.len() as f64 + 56.0;
    let bottom = TOP + ROW * rows.len() as f64;
    let mut o = String::new();
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="Helvetica, Arial, sans-serif">"#
    );
    let _ = writeln!(o, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    let _ = writeln!(
        o,
        r##"<text x="20" y="30" font-size="19" font-weight="bold" fill="#222">{title}</text>"##
    );
    let _ = writeln!(
        o,
        r##"<text x="20" y="52" font-size="13" fill="#555">{} seat-swapped games · seed {} · turn limit {} · win rate counts draws as half · bars: 95% Wilson interval</text>"##,
        s.games, s.seed, s.turn_limit
    );
    for pct in [0, 25, 50, 75, 100] {
        let gx = x(pct as f64 / 100.0);
        let _ = writeln!(
            o,
            r##"<line x1="{gx:.1}" y1="{:.1}" x2="{gx:.1}" y2="{bottom:.1}" stroke="#ddd"/>"##,
            TOP - 8.0
        );
        let _ = writeln!(
            o,
            r##"<text x="{gx:.1}" y="{:.1}" font-size="12" fill="#666" text-anchor="middle">{pct}%</text>"##,
            bottom + 18.0
        );
    }
    // The fair share: 50% for two sides, 1/n for more.
    let fx = x(fair);
    let _ = writeln!(
        o,
        r##"<line x1="{fx:.1}" y1="{:.1}" x2="{fx:.1}" y2="{bottom:.1}" stroke="#444" stroke-dasharray="5,4"/>"##,
        TOP - 8.0
    );
    for (i, r) in rows.iter().enumerate() {
        let y = TOP + ROW * i as f64;
        let mid = y + BAR / 2.0;
        let _ = writeln!(
            o,
            r##"<text x="20" y="{:.1}" font-size="14" font-weight="bold" fill="#222">{}</text>"##,
            mid - 2.0,
            esc(&r.title)
        );
        let _ = writeln!(
            o,
            r##"<text x="20" y="{:.1}" font-size="12" fill="#666">{}</text>"##,
            mid + 14.0,
            esc(&r.detail)
        );
        let _ = writeln!(
            o,
            r#"<rect x="{LEFT}" y="{y:.1}" width="{:.1}" height="{BAR}" fill="{}" rx="3"/>"#,
            x(r.rate) - LEFT,
            r.colour
        );
        let (l, h) = (x(r.lo), x(r.hi));
        let _ = writeln!(
            o,
            r##"<g stroke="#111" stroke-width="2"><line x1="{l:.1}" y1="{mid:.1}" x2="{h:.1}" y2="{mid:.1}"/><line x1="{l:.1}" y1="{:.1}" x2="{l:.1}" y2="{:.1}"/><line x1="{h:.1}" y1="{:.1}" x2="{h:.1}" y2="{:.1}"/></g>"##,
            mid - 7.0,
            mid + 7.0,
            mid - 7.0,
            mid + 7.0
        );
        let label_x = (h + 8.0).min(RIGHT - 2.0);
        let anchor = if h + 60.0 > RIGHT { "end" } else { "start" };
        let label_y = if anchor == "end" { y - 4.0 } else { mid + 5.0 };
        let _ = writeln!(
            o,
            r##"<text x="{label_x:.1}" y="{label_y:.1}" font-size="14" font-weight="bold" fill="#222" text-anchor="{anchor}">{:.1}%</text>"##,
            r.rate * 100.0
        );
    }
    let _ = writeln!(
        o,
        r##"<text x="20" y="{:.1}" font-size="12" fill="#555">{} draws · game length mean {:.1}, max {} turns · {:.2} games/s</text>"##,
        height - 12.0,
        s.draws,
        s.mean_turns,
        s.max_turns,
        s.games_per_sec
    );
    o.push_str("</svg>\n");
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::summary::SideSummary;

    fn side(agent: &str, wins: u32, losses: u32) -> SideSummary {
        SideSummary {
            agent: agent.into(),
            deck: "Vanguard".into(),
            wins,
            losses,
            draws: 0,
            win_rate: wins as f64 / (wins + losses) as f64,
            ci_low: 0.5,
            ci_high: 0.9,
            p_value: 0.01,
            first_games: 5,
            first_win_rate: 0.6,
            slowest_decision_ms: Some(3.0),
        }
    }

    /// A ten-game summary of `agent` against greedy, with `by_deck` rows.
    fn summary(agent: &str, by_deck: Vec<SideSummary>) -> Summary {
        Summary {
            games: 10,
            seed: 1,
            turn_limit: 200,
            sides: vec![side(agent, 7, 3), side("greedy", 3, 7)],
            draws: 0,
            first_mover_win_rate: 0.5,
            first_mover_ci_low: 0.2,
            first_mover_ci_high: 0.8,
            mean_turns: 40.0,
            max_turns: 80,
            seconds: 1.0,
            games_per_sec: 10.0,
            by_deck,
            mean_score: None,
        }
    }

    #[test]
    fn chart_is_well_formed_and_escapes_names() {
        let out = svg(&summary("mcts:<hard>", Vec::new()));
        assert!(out.starts_with("<svg") && out.trim_end().ends_with("</svg>"));
        assert!(out.contains("mcts:&lt;hard&gt;"));
        assert!(!out.contains("<hard>"));
        assert_eq!(out.matches("<rect").count(), 4);
    }

    #[test]
    fn chart_shows_results_by_deck() {
        let mut bastion = side("mcts", 4, 1);
        bastion.deck = "Bastion".into();
        let out = svg(&summary("mcts", vec![side("mcts", 3, 2), bastion]));
        assert!(out.contains("mcts with Vanguard") && out.contains("mcts with Bastion"));
        assert!(out.contains("4W 1L 0D"));
        assert_eq!(
            out.matches("<rect").count(),
            6,
            "background, 2 sides, 2 decks, first mover"
        );
    }
}
