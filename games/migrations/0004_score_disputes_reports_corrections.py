# The staff complaint GameDispute becomes ScoringReport; the players' dispute of a count
# (marking phase) and the audit rows of result changes are new.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_inbound_mail"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="gamedispute",
            name="game_dispute_one_open_per_player",
        ),
        migrations.RenameModel(old_name="GameDispute", new_name="ScoringReport"),
        migrations.AlterField(
            model_name="scoringreport",
            name="game",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="scoring_reports",
                to="games.game",
            ),
        ),
        migrations.AddConstraint(
            model_name="scoringreport",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status", "open")),
                fields=("game", "raised_by"),
                name="scoring_report_one_open_per_player",
            ),
        ),
        migrations.CreateModel(
            name="ScoreDispute",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("opened", models.DateTimeField()),
                ("deadline", models.DateTimeField()),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("marking", "Marking dead stones"),
                            ("agreed", "Both players accepted the marking"),
                            ("expired", "Not agreed in time: the automatic result stands"),
                            ("staff", "Closed by the site staff, who set the result"),
                        ],
                        default="marking",
                        max_length=12,
                    ),
                ),
                ("dead", models.JSONField(blank=True, default=list)),
                ("version", models.PositiveIntegerField(default=0)),
                ("black_accepted", models.BooleanField(default=False)),
                ("white_accepted", models.BooleanField(default=False)),
                ("closed", models.DateTimeField(blank=True, null=True)),
                (
                    "game",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="score_dispute",
                        to="games.game",
                    ),
                ),
                (
                    "opened_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["status", "deadline"], name="games_score_status_db4b4c_idx")
                ],
            },
        ),
        migrations.CreateModel(
            name="ResultCorrection",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("agreed", "Dead stones agreed by both players"),
                            ("staff", "Corrected by the site staff"),
                        ],
                        max_length=8,
                    ),
                ),
                ("created", models.DateTimeField()),
                ("old_result", models.CharField(blank=True, max_length=16)),
                ("new_result", models.CharField(blank=True, max_length=16)),
                ("old_score", models.JSONField(blank=True, null=True)),
                ("new_score", models.JSONField(blank=True, null=True)),
                ("note", models.TextField(blank=True)),
                (
                    "by",
                    models.ForeignKey(
                        blank=True,
                        help_text="The staff member (empty when the players agreed).",
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="result_corrections",
                        to="games.game",
                    ),
                ),
                (
                    "report",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="corrections",
                        to="games.scoringreport",
                    ),
                ),
            ],
            options={
                "ordering": ["created", "pk"],
            },
        ),
    ]
