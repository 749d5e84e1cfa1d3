//! The `dama` program: with a subcommand it works headless on the command line (`cli`);
//! without one it opens the window.

// On Windows a console program opens a console window beside the game window when started from
// Explorer or the Start menu; as a window program it has none, and borrows the console of the
// command prompt it was typed in (see `cli::windows_console`).
#![cfg_attr(windows, windows_subsystem = "windows")]

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
