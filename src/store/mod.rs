//! Dáma's files on disk, without the window: where they live ([`dirs`]), writing without
//! damage ([`storage`]), a game file the user chose ([`game_file`]) and a game's place in it
//! ([`collection`]), the game in progress saved after every change ([`autosave`]), and the
//! endgame databases ([`endgame_files`]). The store imports the rules, the notation and the
//! engine, never the game state of the window, speech or the window.

pub mod autosave;
pub mod collection;
pub mod dirs;
pub mod endgame_files;
pub mod game_file;
pub mod storage;
