"""Games started before `Game.origin` existed: a ladder challenge's game is a ladder game, a
tournament pairing's a tournament game (the games browser filters by it)."""

from django.db import migrations


def forwards(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    LadderChallenge = apps.get_model("ladder", "LadderChallenge")
    TournamentPairing = apps.get_model("ladder", "TournamentPairing")
    Game.objects.filter(pk__in=LadderChallenge.objects.values("game_id")).update(origin="ladder")
    Game.objects.filter(
        pk__in=TournamentPairing.objects.filter(game__isnull=False).values("game_id")
    ).update(origin="tournament")


class Migration(migrations.Migration):
    dependencies = [
        ("ladder", "0003_byoyomi_and_absolute_clocks"),
        ("games", "0017_watching"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
