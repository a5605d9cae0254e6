"""The registry of games. Registering a game here enrolls it in the conformance suite,
the scenario tests, the benchmark and the book's play boards."""

from gamebox.core import register

register("milk-run", "gamebox.games.milk_run:MilkRun")
register("spite-and-malice", "gamebox.games.spite_and_malice:SpiteAndMalice")
register("finish-line", "gamebox.games.finish_line:FinishLine")
register("mexican-train", "gamebox.games.mexican_train:MexicanTrain")
register("skip-bo", "gamebox.games.skip_bo:SkipBo")
register("yahtzix", "gamebox.games.yahtzix:Yahtzix")
