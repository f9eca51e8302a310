"""The generic task's `test6` rows (x01-x60), written on 2026-12-06 blind to the observers.

Written by someone who had not read engine/ (the observers and their tests), docs/, the results or
any other generic row's request, before any tuning on them: 32 constraint rows (28 use at least one
of the check kinds added to the scorer for them, TEST6_CHECKS in test6_kinds.py; 4 only older
kinds), 22 "write this function" rows (generic_test6_functions: doctest in a fenced docstring,
`f(x) == y`, `f(x) -> y`, Input / Output, `assert` lines, or prose with no example; `shown` lists
the tests the request shows, which never count) and 6 everyday questions.
**Do not read these requests or their outputs while tuning**: a change made after looking at them
spends this split. `python -m selfrefine.tasks.tools.generic_test6` rewrites the test6 lines at
the end of tasks/generic/data.jsonl from rows() (every other line is kept byte for byte).
"""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test6_functions import FUNCTIONS

SPLIT = "test6"


CONSTRAINTS = [
    _c(
        "Can you write a short announcement for our community garden's newsletter asking for "
        "volunteers for spring planting day (Saturday April 11, 9 to noon)? Put in an email address "
        "people can write to to sign up, just make one up for now. Whole thing under 100 words.",
        {"check": "email_address"},
        {"check": "words", "max": 100},
    ),
    _c(
        "I'm starting a little blog about learning to bake. Write the intro to my first post, which is "
        "about my first sourdough loaf (it came out flat as a pancake). Chatty and self-deprecating, "
        "with at least two jokey asides in parentheses. Keep it under 200 words.",
        {"check": "parentheses", "min": 2},
        {"check": "words", "max": 200},
    ),
    _c(
        "We run a dog daycare called Happy Tails and need an FAQ for the website. 5 questions with "
        "answers. Each question goes on its own line starting with Q: and its answer on the line under "
        "it starting with A:",
        {"check": "qa_pairs", "n": 5},
        {"check": "include", "words": ["Happy Tails"]},
    ),
    _c(
        "Write a short skit about recycling for my 4th graders to act out, with two characters, Milo "
        "and Zara. Set it out like a play script: every line of dialogue begins with the character's "
        "name and a colon, and stage directions (if you use any) go in square brackets on their own "
        "line. At least 8 lines of dialogue, and under 250 words in total.",
        {"check": "dialogue_script", "speakers": ["Milo", "Zara"], "min_lines": 8},
        {"check": "words", "max": 250},
    ),
    _c(
        "Write the About Us blurb for my house cleaning business, Spotless by Rosa. Work in two short "
        "customer quotes in quotation marks, and don't put anything else in quotes. Also please no "
        "exclamation points, I want it calm and professional.",
        {"check": "quoted_passages", "n": 2},
        {"check": "exclude_chars", "chars": ["!"]},
    ),
    _c(
        "instagram caption for our gym's new 6am bootcamp class. open with a question to hook people "
        "and put the hashtag #earlybird in there somewhere",
        {"check": "opens_with_question"},
        {"check": "include", "words": ["#earlybird"]},
    ),
    _c(
        "I do the monthly newsletter for our apartment building and this month's theme is saving "
        "water. Could you write a short intro paragraph for it? It should open with a question, and "
        "that opening question should be 10 words or fewer.",
        {"check": "opens_with_question"},
        {"check": "opening_sentence_words", "max": 10},
    ),
    _c(
        "List 6 easy houseplants for a total beginner as bullet points, each with a rough price in "
        "dollars (like $15). Order them from cheapest to most expensive.",
        {"check": "sorted_numbers", "order": "ascending", "prefix": "$"},
        {"check": "bullets", "n": 6},
    ),
    _c(
        "Give me a numbered list of 5 milestones in the history of the internet, oldest first, each "
        "one starting with its year.",
        {"check": "sorted_numbers", "order": "ascending"},
        {"check": "numbered", "n": 5},
    ),
    _c(
        "Draft a LinkedIn post celebrating that our team just shipped the new version of our mobile "
        "app. I want to thank Sara and Devon by tagging them (@sarakim and @devon_ops). No more than "
        "3 hashtags.",
        {"check": "mentions", "handles": ["@sarakim", "@devon_ops"]},
        {"check": "hashtags", "max": 3},
    ),
    _c(
        "Plan a 4 day trip to Lisbon for me and my partner. We love food and walking around, not so "
        "much museums. Label the days Day 1 to Day 4 and keep the whole plan under 400 words.",
        {"check": "label_sequence", "label": "Day", "n": 4},
        {"check": "words", "max": 400},
    ),
    _c(
        "my doctor says i should start running. can you make me a 6 week plan for a total beginner? "
        "one line per week, starting with Week 1:, Week 2: and so on",
        {"check": "label_sequence", "label": "Week", "n": 6},
    ),
    _c(
        "Can I get a banana bread recipe with metric measurements only? Grams, millilitres and °C "
        "please. No cups, spoons, sticks of butter, ounces or Fahrenheit, all I have is a kitchen "
        "scale and a measuring jug.",
        {"check": "metric_units"},
    ),
    _c(
        "Write a message for the group chat with my roommates about this week's chores. Open with a "
        "quick friendly line, then a bulleted list of the 5 chores with who's doing each one (me, Ana "
        "or Josh), then finish with a closing line after the list.",
        {"check": "framed_list"},
        {"check": "bullets", "n": 5},
    ),
    _c(
        "Outline a persuasive essay arguing for a four-day school week. Number the main sections with "
        "Roman numerals, I through V, and put a few sub-points under each.",
        {"check": "roman_numbered", "n": 5},
    ),
    _c(
        "Give me 5 packing tips for a beach vacation as a bulleted list. Start every bullet with an "
        "emoji that fits the tip.",
        {"check": "emoji_openers"},
        {"check": "bullets", "n": 5},
    ),
    _c(
        "I'm 29 and trying to decide whether to keep renting or buy a condo. Can you lay it out in "
        "two sections, one headed Renting and one headed Buying, with 3 or 4 bullet points under each?",
        {"check": "section_bullets", "titles": ["Renting", "Buying"], "min": 3, "max": 4},
    ),
    _c(
        "Turn my messy meeting notes into something I can send around. We agreed to move the launch "
        "to May 12, keep the current pricing, and hire one more designer. Priya updates the roadmap, "
        "Tom books the venue, and I (Alex) draft the press release. Use two headings, Decisions and "
        "Action items, with at least two bullets under each.",
        {"check": "section_bullets", "titles": ["Decisions", "Action items"], "min": 2},
        {"check": "include", "words": ["May 12"]},
    ),
    _c(
        "Write a 5-tweet thread with tips for first-time vegetable gardeners. Number the tweets 1/5, "
        "2/5 and so on, leave a blank line between tweets, and keep each one under 280 characters.",
        {"check": "thread_numbering", "n": 5, "max_chars": 280},
    ),
    _c(
        "I take home $3,200 a month. How should I split it? Give me a bulleted list of categories with "
        "a percentage for each, and make sure the percentages add up to exactly 100%.",
        {"check": "percent_total", "total": 100},
    ),
    _c(
        "Put together a schedule for my son's 7th birthday party, 2 to 5 pm at our house. At least 5 "
        "activities, one per line, each line starting with its start time (like 2:15 pm), in order.",
        {"check": "chronological", "min": 5},
    ),
    _c(
        "How do I roast a whole chicken? Half my family cooks with American ovens and half with "
        "European ones, so give every temperature in both Celsius and Fahrenheit, e.g. 200°C (400°F). "
        "Include the oven temperature and the safe internal temperature.",
        {"check": "temperature_pairs", "min": 2},
    ),
    _c(
        "Write this month's newsletter for our book club: what we just read (Klara and the Sun), the "
        "next pick, and the date of the next meeting. Three short sections separated by horizontal "
        "lines (---), under 300 words.",
        {"check": "section_dividers", "min": 2},
        {"check": "words", "max": 300},
    ),
    _c(
        "Make a 5-question multiple choice quiz on the water cycle for my 6th graders. Number the "
        "questions, give each one four options labeled A) to D) on separate lines, and put the answer "
        "key at the very end.",
        {"check": "multiple_choice", "n": 5, "options": 4},
    ),
    _c(
        "Write a short explainer for my science blog on why the sky is blue. Cite at least 2 sources "
        "with numbered markers like [1] and [2] in the text, then list the sources at the bottom with "
        "the same markers. Under 250 words.",
        {"check": "footnotes", "min": 2},
        {"check": "words", "max": 250},
    ),
    _c(
        "Recommend 4 board games for a family game night with kids aged 8 and 11. Give each one a "
        "score out of 10, written like 8/10, and a sentence on why it works for that age.",
        {"check": "ratings", "scale": 10, "min": 4},
    ),
    _c(
        "I'm practicing for the TOEFL writing section. Write a model paragraph, 120 to 160 words, on "
        "whether university students should have part-time jobs. Show off a wide vocabulary: use at "
        "least 75 different words.",
        {"check": "distinct_words", "min": 75},
        {"check": "words", "min": 120, "max": 160},
    ),
    _c(
        "I have an interview for a barista job on Friday. Write 4 questions they'll probably ask with "
        "a good sample answer to each, formatted as Q: and A: lines. Under 300 words please.",
        {"check": "qa_pairs", "n": 4},
        {"check": "words", "max": 300},
    ),
    _c(
        "Write a short pep talk for my running club's WhatsApp group before Sunday's half marathon. "
        "Use the word together exactly twice, and no exclamation marks at all.",
        {"check": "word_times", "word": "together", "n": 2},
        {"check": "exclude_chars", "chars": ["!"]},
    ),
    _c(
        "Write the opening paragraph of a cover letter for a junior data analyst job at a logistics "
        "company. It has to begin with Dear Hiring Manager and stay under 150 words.",
        {"check": "starts_with", "text": "Dear Hiring Manager"},
        {"check": "words", "max": 150},
    ),
    _c(
        "Reply with only a JSON array of 5 strings: name ideas for a food truck that sells Korean "
        "tacos. Nothing else in the reply.",
        {"check": "json", "type": "array", "length": 5, "items": "string"},
    ),
    _c(
        "text my friend that im running 15 min late for brunch. all lowercase like i normally text, "
        "3 sentences max",
        {"check": "lowercase"},
        {"check": "sentences", "max": 3},
    ),
]

EVERYDAY = [
    _e("How many seconds are there in two and a half hours?", number=9000),
    _e("what's the chemical symbol for gold", any=["Au"]),
    _e(
        "If I put away $45 every week, how much will I have saved after 52 weeks?",
        number=2340,
    ),
    _e("What is the capital city of Canada?", any=["Ottawa"]),
    _e("How many feet are in a mile?", number=5280),
    _e(
        "A pasta recipe for 4 people uses 300 g of pasta. How much pasta do I need for 10 people?",
        number=750,
    ),
]


def rows() -> list[dict]:
    """The 60 rows in file order, ids x01-x60: constraints, then functions, then everyday."""
    return generic_rows.numbered("x", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
