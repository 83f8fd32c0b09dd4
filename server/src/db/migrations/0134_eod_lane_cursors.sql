-- End of day's interest posting and fees run in lanes side by side, each lane with its own cursor
-- (ADR 0089). The lane count is fixed when such a step first starts; null until then.
ALTER TABLE "eod_run_steps" ADD COLUMN "lane_cursors" bigint[];
