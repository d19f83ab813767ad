//! The hex map (M1, M24): terrain by cell, adjacency, step distance, the outer ring and the
//! ore a map starts with (M20). Maps are YAML files (`assets/mothership/maps/*.yaml`): plain
//! serde structs first, then a checked [`Map`] reporting every problem with file and line.
use super::ids::Cell;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// Terrain of a cell (M2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Sea,
    Reef,
    Swamp,
    Plain,
    Mountain,
}

impl Terrain {
    pub fn from_char(c: char) -> Option<Terrain> {
        Some(match c {
            '~' => Terrain::Sea,
            '*' => Terrain::Reef,
            '%' => Terrain::Swamp,
            '.' => Terrain::Plain,
            '^' => Terrain::Mountain,
            _ => return None,
        })
    }
    pub fn to_char(self) -> char {
        match self {
            Terrain::Sea => '~',
            Terrain::Reef => '*',
            Terrain::Swamp => '%',
            Terrain::Plain => '.',
            Terrain::Mountain => '^',
        }
    }
}

/// The six neighbour steps in axial coordinates, in the order of M24.
pub const DIRECTIONS: [(i16, i16); 6] = [(1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)];

/// The map file as written.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub name: String,
    /// Terrain rows, top to bottom, odd rows shifted half a cell right (M24).
    pub terrain: Vec<String>,
    /// Ore cells `[col, row]`; without the key, the M20 pattern.
    #[serde(default)]
    pub ore: Option<Vec<[i64; 2]>>,
}

/// A checked map.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    pub name: String,
    pub width: u16,
    pub height: u16,
    terrain: Vec<Terrain>,
    /// Ore at the start of the game (before landing removes some, M18).
    pub ore: Vec<bool>,
    neighbours: Vec<[u16; 6]>,
    axial: Vec<(i16, i16)>,
}

const NONE: u16 = u16::MAX;

impl Map {
    /// Builds a map from terrain rows (all the same length) and optional ore cells.
    pub fn new(name: &str, rows: &[Vec<Terrain>], ore: Option<&[Cell]>) -> Map {
        let height = rows.len() as u16;
        let width = rows.first().map_or(0, |r| r.len()) as u16;
        let terrain: Vec<Terrain> = rows.iter().flatten().copied().collect();
        let n = terrain.len();
        let mut axial = Vec::with_capacity(n);
        for row in 0..height as i16 {
            for col in 0..width as i16 {
                axial.push((col - (row - (row & 1)) / 2, row));
            }
        }
        let mut m = Map {
            name: name.to_string(),
            width,
            height,
            terrain,
            ore: vec![false; n],
            neighbours: vec![[NONE; 6]; n],
            axial,
        };
        for i in 0..n {
            let (q, r) = m.axial[i];
            for (d, (dq, dr)) in DIRECTIONS.iter().enumerate() {
                if let Some(c) = m.cell_at_axial(q + dq, r + dr) {
                    m.neighbours[i][d] = c.0;
                }
            }
        }
        match ore {
            Some(cells) => cells.iter().for_each(|c| m.ore[c.index()] = true),
            None => {
                for i in 0..n {
                    let (q, r) = m.axial[i];
                    m.ore[i] = m.terrain[i] != Terrain::Sea && (q - r).rem_euclid(3) == 0;
                }
            }
        }
        m
    }

    pub fn len(&self) -> usize {
        self.terrain.len()
    }
    pub fn is_empty(&self) -> bool {
        self.terrain.is_empty()
    }
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.terrain.len() as u16).map(Cell)
    }
    pub fn terrain(&self, c: Cell) -> Terrain {
        self.terrain[c.index()]
    }
    /// The cell at offset coordinates, if on the map.
    pub fn cell(&self, col: i64, row: i64) -> Option<Cell> {
        (col >= 0 && row >= 0 && col < i64::from(self.width) && row < i64::from(self.height))
            .then(|| Cell((row * i64::from(self.width) + col) as u16))
    }
    pub fn col_row(&self, c: Cell) -> (u16, u16) {
        (c.0 % self.width, c.0 / self.width)
    }
    fn cell_at_axial(&self, q: i16, r: i16) -> Option<Cell> {
        let col = q + (r - (r & 1)) / 2;
        self.cell(i64::from(col), i64::from(r))
    }
    /// The neighbour in direction `d` (0–5, M24 order).
    pub fn neighbour(&self, c: Cell, d: usize) -> Option<Cell> {
        let n = self.neighbours[c.index()][d];
        (n != NONE).then_some(Cell(n))
    }
    pub fn neighbours(&self, c: Cell) -> impl Iterator<Item = Cell> + '_ {
        self.neighbours[c.index()]
            .iter()
            .filter(|&&n| n != NONE)
            .map(|&n| Cell(n))
    }
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        self.distance(a, b) == 1
    }
    /// Step distance (M24).
    pub fn distance(&self, a: Cell, b: Cell) -> u16 {
        let (q1, r1) = self.axial[a.index()];
        let (q2, r2) = self.axial[b.index()];
        let (dq, dr) = (q1 - q2, r1 - r2);
        dq.abs().max(dr.abs()).max((dq + dr).abs()) as u16
    }
    /// Row 0, the last row, column 0 or the last column (M24).
    pub fn on_outer_ring(&self, c: Cell) -> bool {
        let (col, row) = self.col_row(c);
        row == 0 || col == 0 || row + 1 == self.height || col + 1 == self.width
    }
    pub fn rows(&self) -> Vec<String> {
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| self.terrain[(r * self.width + c) as usize].to_char())
                    .collect()
            })
            .collect()
    }
}

/// The line (1-based) of the first line of `text` starting with `key:` after trimming, or 1.
pub fn line_of_key(text: &str, key: &str) -> usize {
    let pat = format!("{key}:");
    text.lines()
        .position(|l| l.trim_start().trim_start_matches("- ").starts_with(&pat))
        .map_or(1, |i| i + 1)
}

/// Reads and checks a map file; every problem is reported with `file:line`.
pub fn load_map(file: &str, text: &str) -> Result<Map, Vec<String>> {
    let raw: MapFile = serde_yaml::from_str(text).map_err(|e| {
        let line = e.location().map_or(1, |l| l.line());
        vec![format!("{file}:{line}: {e}")]
    })?;
    check_map(file, text, &raw)
}

/// The second layer: terrain rows of one length, known characters, ore on the map.
pub fn check_map(file: &str, text: &str, raw: &MapFile) -> Result<Map, Vec<String>> {
    let mut problems = Vec::new();
    let tline = line_of_key(text, "terrain");
    if raw.terrain.is_empty() {
        problems.push(format!("{file}:{tline}: terrain: no rows"));
    }
    if raw.terrain.len() > 60 {
        problems.push(format!("{file}:{tline}: terrain: at most 60 rows"));
    }
    let width = raw.terrain.first().map_or(0, |r| r.chars().count());
    if !(4..=60).contains(&width) && !raw.terrain.is_empty() {
        problems.push(format!(
            "{file}:{}: terrain: rows hold 4 to 60 cells, not {width}",
            tline + 1
        ));
    }
    let mut rows = Vec::new();
    for (i, row) in raw.terrain.iter().enumerate() {
        let line = tline + 1 + i;
        if row.chars().count() != width {
            problems.push(format!(
                "{file}:{line}: terrain row {i}: {} cells, the first row has {width}",
                row.chars().count()
            ));
        }
        let mut cells = Vec::new();
        for (j, ch) in row.chars().enumerate() {
            match Terrain::from_char(ch) {
                Some(t) => cells.push(t),
                None => problems.push(format!(
                    "{file}:{line}: terrain row {i} column {j}: `{ch}` is not one of ~ * % . ^"
                )),
            }
        }
        rows.push(cells);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let probe = Map::new(&raw.name, &rows, Some(&[]));
    let ore = match &raw.ore {
        None => None,
        Some(list) => {
            let oline = line_of_key(text, "ore");
            let mut cells = Vec::new();
            for [col, row] in list {
                match probe.cell(*col, *row) {
                    Some(c) if probe.terrain(c) != Terrain::Sea => cells.push(c),
                    Some(_) => {
                        problems.push(format!("{file}:{oline}: ore: [{col}, {row}] is sea (M20)"))
                    }
                    None => problems.push(format!(
                        "{file}:{oline}: ore: [{col}, {row}] is off the map"
                    )),
                }
            }
            Some(cells)
        }
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Map::new(&raw.name, &rows, ore.as_deref()))
}

static DUEL: OnceLock<Arc<Map>> = OnceLock::new();
static SECTOR: OnceLock<Arc<Map>> = OnceLock::new();

/// A map shipped with the game: `duel` (24×16, 2 players) or `sector` (32×20, 3–4), M1.
pub fn builtin(name: &str) -> Option<Arc<Map>> {
    let (cell, file, text) = match name {
        "duel" => (
            &DUEL,
            "assets/mothership/maps/duel.yaml",
            include_str!("../../assets/mothership/maps/duel.yaml"),
        ),
        "sector" => (
            &SECTOR,
            "assets/mothership/maps/sector.yaml",
            include_str!("../../assets/mothership/maps/sector.yaml"),
        ),
        _ => return None,
    };
    Some(
        cell.get_or_init(|| {
            Arc::new(load_map(file, text).unwrap_or_else(|e| panic!("{}", e.join("\n"))))
        })
        .clone(),
    )
}

/// The map for a number of players (M1).
pub fn default_for(players: u8) -> Arc<Map> {
    let name = if players <= 2 { "duel" } else { "sector" };
    builtin(name).expect("built-in maps")
}

impl Map {
    /// Every cell within `radius` steps of `c` (itself included).
    pub fn ball(&self, c: Cell, radius: u16) -> impl Iterator<Item = Cell> + '_ {
        let (q, r) = self.axial[c.index()];
        let k = radius as i16;
        (-k..=k).flat_map(move |dq| {
            let lo = (-k).max(-dq - k);
            let hi = k.min(-dq + k);
            (lo..=hi).filter_map(move |dr| self.cell_at_axial(q + dq, r + dr))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m24_neighbours_and_distance() {
        let m = builtin("duel").unwrap();
        assert_eq!((m.width, m.height), (24, 16));
        let c = m.cell(5, 3).unwrap();
        // odd row 3, in M24 order: (6,3) (4,3) (6,2) (5,2) (6,4) (5,4)
        let want: Vec<Cell> = [(6, 3), (4, 3), (6, 2), (5, 2), (6, 4), (5, 4)]
            .iter()
            .map(|&(c, r)| m.cell(c, r).unwrap())
            .collect();
        assert_eq!(m.neighbours(c).collect::<Vec<_>>(), want);
        assert!(want.iter().all(|&n| m.distance(c, n) == 1));
        assert_eq!(m.distance(m.cell(0, 0).unwrap(), m.cell(3, 0).unwrap()), 3);
        assert!(m.on_outer_ring(m.cell(0, 5).unwrap()));
        assert!(!m.on_outer_ring(c));
    }

    #[test]
    fn m20_ore_pattern_never_adjacent() {
        let m = builtin("sector").unwrap();
        for c in m.cells().filter(|c| m.ore[c.index()]) {
            assert!(m.neighbours(c).all(|n| !m.ore[n.index()]));
            assert_ne!(m.terrain(c), Terrain::Sea);
        }
    }

    #[test]
    fn bad_maps_report_lines() {
        let text = "name: x\nterrain:\n  - \"....\"\n  - \"..x.\"\n  - \"...\"\n";
        let e = load_map("m.yaml", text).unwrap_err();
        assert!(e.iter().any(|p| p.starts_with("m.yaml:4:")), "{e:?}");
        assert!(e.iter().any(|p| p.starts_with("m.yaml:5:")), "{e:?}");
        let e = load_map("m.yaml", "name: x\nterrain: []\nfoo: 1\n").unwrap_err();
        assert!(e[0].starts_with("m.yaml:"), "{e:?}");
    }
}
