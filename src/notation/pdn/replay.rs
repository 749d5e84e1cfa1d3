//! Replaying a read game on the rules core.

use crate::notation::{MoveText, Notation, write};
use crate::rules::{Game, Position, RuleSet};

use super::game_type::infer_variant;
use super::{Line, PdnError, PdnGame, Warning, pdn_notation, variant_from_tags};

/// A game replayed on the rules core.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The main line as a game record (its rule set included).
    pub game: Game,
    /// What was accepted leniently: the reader's warnings and replay's own.
    pub warnings: Vec<Warning>,
}

struct Ctx<'a> {
    rules: &'a RuleSet,
    game_no: usize,
    rewrite: Notation,
    warnings: Vec<Warning>,
}

impl Ctx<'_> {
    /// Resolves every move of `line` from `start`, variations included; returns the moves of
    /// the line itself.
    fn line(
        &mut self,
        line: &mut Line,
        start: Position,
    ) -> Result<Vec<crate::rules::Move>, PdnError> {
        let mut pos = match &line.setup {
            None => start,
            Some(fen) => self.rules.parse_fen(fen).map_err(|e| {
                PdnError::new(line.setup_pos, format!("bad set-up '{fen}': {e}"))
                    .in_game(self.game_no)
            })?,
        };
        let mut moves = Vec::with_capacity(line.nodes.len());
        for node in &mut line.nodes {
            for variation in &mut node.variations {
                self.line(variation, pos)?;
            }
            let err = |message: String| PdnError::new(node.pos, message).in_game(self.game_no);
            let parsed =
                MoveText::parse(pos.board(), &node.text).map_err(|e| err(e.to_string()))?;
            let (m, leniency) = parsed
                .resolve(&pos, self.rules, &node.text)
                .map_err(|e| err(e.to_string()))?;
            if let Some(l) = leniency {
                self.warnings.push(Warning {
                    pos: node.pos,
                    game: self.game_no,
                    message: format!("{}: {l}", node.text),
                });
            }
            node.text = write(&pos, self.rules, &m, self.rewrite);
            node.mv = Some(m);
            moves.push(m);
            pos.play_unchecked(&m);
        }
        Ok(moves)
    }
}

/// Replays `pdn` (game number `game_no` of its file) on the rules core: chooses the rule set
/// (`rules` if given, else the tags, else from the squares used, with a warning), reads the
/// FEN tag, and matches every move, variations included, against the legal moves. Each node's
/// `mv` is filled in and its text rewritten in `rewrite`'s notation, or, when `rewrite` is
/// `None`, normalised in the notation PDN uses for the rule set ([`pdn_notation`]).
///
/// # Errors
/// A bad GameType or FEN, or an illegal or ambiguous move, with its line and column.
pub fn replay(
    pdn: &mut PdnGame,
    game_no: usize,
    rules: Option<&RuleSet>,
    rewrite: Option<Notation>,
) -> Result<Replayed, PdnError> {
    let mut warnings = pdn.warnings.clone();
    let here = |message: String| PdnError::new(pdn.pos, message).in_game(game_no);
    let at_tag = |tag: &str, message: String| {
        PdnError::new(pdn.tag_position(tag).unwrap_or(pdn.pos), message).in_game(game_no)
    };
    let chosen: RuleSet = match rules {
        Some(r) => r.clone(),
        None => match variant_from_tags(pdn).map_err(|m| at_tag("GameType", m))? {
            Some(v) => v.rules().clone(),
            None => {
                let (v, why) = infer_variant(pdn);
                warnings.push(Warning {
                    pos: pdn.pos,
                    game: game_no,
                    message: why.to_string(),
                });
                v.rules().clone()
            }
        },
    };
    let start = match pdn.tag("FEN") {
        Some(fen) => chosen
            .parse_fen(fen)
            .map_err(|e| at_tag("FEN", format!("bad FEN tag '{fen}': {e}")))?,
        None => chosen.start_position().map_err(|e| here(e.to_string()))?,
    };
    let mut cx = Ctx {
        rules: &chosen,
        game_no,
        rewrite: rewrite.unwrap_or_else(|| pdn_notation(&chosen)),
        warnings,
    };
    let moves = cx.line(&mut pdn.moves, start)?;
    let first = match &pdn.moves.setup {
        Some(fen) => chosen.parse_fen(fen).expect("checked in replay"),
        None => start,
    };
    let mut game = Game::from_position(chosen.clone(), first);
    // Players may play on past a repetition nobody claimed; the record keeps every move.
    game.set_automatic_draws(false);
    for m in moves {
        game.play(m)
            .map_err(|e| here(format!("cannot replay the main line: {e}")))?;
    }
    game.set_automatic_draws(true);
    Ok(Replayed {
        game,
        warnings: cx.warnings,
    })
}
