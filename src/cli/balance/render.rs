//! The balance report as text tables and as an SVG heatmap.
use super::{Rate, Report};
use std::fmt::Write as _;

fn pct(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

fn range(r: &Rate) -> String {
    format!("{} [{}-{}]", pct(r.rate), pct(r.ci_low), pct(r.ci_high))
}

/// "seed 1", or the seeds of merged runs: "seeds 1, 2 and 3".
fn seeds(all: &[u64]) -> String {
    match all {
        [] => "no seed".into(),
        [one] => format!("seed {one}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u64::to_string).collect();
            format!("seeds {} and {last}", rest.join(", "))
        }
    }
}

/// The report as text tables.
pub fn text(r: &Report) -> String {
    let mut o = String::new();
    let w = r.decks.iter().map(|d| d.len()).max().unwrap_or(4).max(8);
    let cw = 15;
    writeln!(
        o,
        "agent {} on both sides, {} games per pair (seats swapped), {}, turn limit {}\n",
        r.agent,
        r.games_per_pair,
        seeds(&r.seeds),
        r.turn_limit
    )
    .ok();
    if r.reused_games > 0 {
        writeln!(
            o,
            "{} of the {} games taken from an earlier report (--reuse)\n",
            r.reused_games, r.games
        )
        .ok();
    }
    writeln!(
        o,
        "win rate of the row deck (draws count half) [95% Wilson]:"
    )
    .ok();
    let mut head = format!("{:<w$}", "");
    for d in &r.decks {
        write!(head, " {d:>cw$}").ok();
    }
    writeln!(o, "{head} {:>cw$}", "overall").ok();
    for (i, row) in r.matrix.iter().enumerate() {
        let mut line = format!("{:<w$}", r.decks[i]);
        for c in row {
            write!(line, " {:>cw$}", range(&c.win_rate)).ok();
        }
        // A deck played only its mirror (a run of one deck) has no overall rate.
        let others: u32 = (row.iter().enumerate())
            .filter(|&(j, _)| j != i)
            .map(|(_, c)| c.games)
            .sum();
        let overall = if others > 0 {
            range(&r.overall[i])
        } else {
            "—".to_string()
        };
        writeln!(o, "{line} {overall:>cw$}").ok();
    }
    writeln!(o, "\ndraw rate / first-mover win rate / mean turns:").ok();
    writeln!(o, "{head}").ok();
    for (i, row) in r.matrix.iter().enumerate() {
        let mut line = format!("{:<w$}", r.decks[i]);
        for c in row {
            let s = format!(
                "{}/{}/{:.0}",
                pct(c.draw_rate),
                pct(c.first_mover.rate),
                c.mean_turns
            );
            write!(line, " {s:>cw$}").ok();
        }
        writeln!(o, "{line}").ok();
    }
    writeln!(
        o,
        "\ngames: {}  draws: {} ({})  at the turn limit: {}  mean turns: {:.1}",
        r.games,
        r.draws,
        pct(r.draws as f64 / r.games.max(1) as f64),
        r.turn_limit_games,
        r.mean_turns
    )
    .ok();
    writeln!(o, "first mover win rate: {}", range(&r.first_mover)).ok();
    writeln!(
        o,
        "\ncards (win rate of the decks holding it; of the games it was played in):"
    )
    .ok();
    writeln!(
        o,
        "{:<22} {:>6} {:>15} {:>6} {:>15}  decks",
        "card", "games", "in deck", "played", "when played"
    )
    .ok();
    for c in &r.cards {
        writeln!(
            o,
            "{:<22} {:>6} {:>15} {:>6} {:>15}  {}",
            c.name,
            c.games_in_deck,
            range(&c.in_deck),
            c.games_played,
            range(&c.played),
            c.decks.join(", ")
        )
        .ok();
    }
    writeln!(o, "\nseconds: {:.1}", r.seconds).ok();
    o
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The win-rate matrix as an SVG heatmap: red where the row deck loses, blue where it wins.
pub fn heatmap_svg(r: &Report) -> String {
    let n = r.decks.len();
    let (cell, left, top) = (72.0, 110.0, 110.0);
    let width = left + cell * n as f64 + 20.0;
    let height = top + cell * n as f64 + 50.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{left}\" y=\"20\" font-size=\"14\">Win rate of the row deck ({}, {} games per pair)</text>\n",
        esc(&r.agent),
        r.games_per_pair
    );
    for (i, d) in r.decks.iter().enumerate() {
        let y = top + cell * (i as f64 + 0.5);
        let x = left + cell * (i as f64 + 0.5);
        writeln!(
            s,
            "<text x=\"{}\" y=\"{y}\" text-anchor=\"end\" dominant-baseline=\"middle\">{}</text>",
            left - 6.0,
            esc(d)
        )
        .ok();
        writeln!(
            s,
            "<text x=\"{x}\" y=\"{}\" text-anchor=\"start\" transform=\"rotate(-45 {x} {})\">{}</text>",
            top - 8.0,
            top - 8.0,
            esc(d)
        )
        .ok();
    }
    for (i, row) in r.matrix.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            let v = c.win_rate.rate;
            // White at 50%, blue towards 100%, red towards 0%.
            let t = ((v - 0.5).abs() * 2.0).min(1.0);
            let fade = |full: f64| (255.0 - (255.0 - full) * t).round() as u8;
            let (rr, gg, bb) = if v >= 0.5 {
                (fade(40.0), fade(90.0), fade(200.0))
            } else {
                (fade(210.0), fade(50.0), fade(40.0))
            };
            let (x, y) = (left + cell * j as f64, top + cell * i as f64);
            writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" \
                 fill=\"rgb({rr},{gg},{bb})\" stroke=\"#888\"/>\n\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\">{}–{} · d {}</text>",
                x + cell / 2.0,
                y + cell / 2.0,
                pct(v),
                x + cell / 2.0,
                y + cell / 2.0 + 16.0,
                pct(c.win_rate.ci_low),
                pct(c.win_rate.ci_high),
                pct(c.draw_rate)
            )
            .ok();
        }
    }
    writeln!(
        s,
        "<text x=\"{left}\" y=\"{}\">first mover {}, draws {} of {} games</text>\n</svg>",
        top + cell * n as f64 + 30.0,
        esc(&range(&r.first_mover)),
        r.draws,
        r.games
    )
    .ok();
    s
}
