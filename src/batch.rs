//! Parallel replay of game databases. (Owned by the batch-replay work, issue 5.)
