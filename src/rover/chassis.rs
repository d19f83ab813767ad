//! Chassis (R5): slots, power, maxima, move cost and sensitivity; the rover's drive and ram
//! (R6) use the chassis itself. The refit rules (R27, R38) live in [`super::actions`].
/// A checked chassis type (R5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChassisDef {
    pub id: String,
    pub name: String,
    /// Module slots, 1 to 3 (R5).
    pub slots: u8,
    /// Added to every attack's damage (R12).
    pub power: u8,
    pub integrity: u16,
    pub energy: u16,
    /// Energy of `move` and `ram` (R4, R6).
    pub move_cost: u8,
    /// Most shielding (R11).
    pub shield_max: u8,
    pub sensitivity: u8,
    pub data_max: u8,
}

/// Most module slots of any chassis (R5: keys 1–3).
pub const MAX_SLOTS: usize = 3;
