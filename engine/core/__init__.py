"""The loop's core: the Self-Refine loop (loop), its configuration and options (config, options),
its items and history (item, history, generic), the review, stop, rewrite and acceptance stages
(review, stopping, rewriting, acceptance, checks, substance), the side steps (requirements,
stated, steps), the prompts, the counts, and many loops at once (many)."""
