"""The generic task's constraint requests (written for this project) and the checks its scorer applies."""

from __future__ import annotations


def _w(lo=None, hi=None):
    return {
        "check": "words",
        **({"min": lo} if lo is not None else {}),
        **({"max": hi} if hi is not None else {}),
    }


def _s(lo=None, hi=None):
    return {
        "check": "sentences",
        **({"min": lo} if lo is not None else {}),
        **({"max": hi} if hi is not None else {}),
    }


def _inc(*ws, times=1):
    return {"check": "include", "words": list(ws), **({"times": times} if times > 1 else {})}


def _exc(*ws):
    return {"check": "exclude", "words": list(ws)}


def _n(check, n):
    return {"check": check, "n": n}


def _sec(*titles):
    return {"check": "sections", "titles": list(titles)}


def _start(text):
    return {"check": "starts_with", "text": text}


def _end(text):
    return {"check": "ends_with", "text": text}


UPPER, LOWER = {"check": "uppercase"}, {"check": "lowercase"}

CONSTRAINTS: list[tuple[str, list[dict]]] = [
    ("Describe a lighthouse at night in no more than 40 words.", [_w(hi=40)]),
    ("Write a short paragraph about why people keep houseplants. Use between 60 and 90 words.", [_w(60, 90)]),
    ("Explain what a compiler does in exactly three sentences.", [_s(3, 3)]),
    ("Give me five tips for sleeping better as a bulleted list, one tip per bullet.", [_n("bullets", 5)]),
    ("List seven animals that live in the desert as a numbered list.", [_n("numbered", 7)]),
    (
        "Write a note to a neighbour asking them to water my plants while I am away. Use exactly two "
        "paragraphs separated by a blank line.",
        [_n("paragraphs", 2)],
    ),
    (
        "Write a slogan for a bicycle repair shop in all capital letters, at most 12 words.",
        [UPPER, _w(hi=12)],
    ),
    ("write a short poem about rain, entirely in lowercase letters.", [LOWER]),
    (
        'Reply with only a JSON object describing France, with the keys "name", "capital" and '
        '"population" (a number). No other text.',
        [
            {
                "check": "json",
                "type": "object",
                "keys": ["name", "capital", "population"],
                "types": {"name": "string", "capital": "string", "population": "number"},
            }
        ],
    ),
    (
        "Write a message of at most 200 characters announcing a bake sale at a school.",
        [{"check": "chars", "max": 200}],
    ),
    (
        "Write a short story about a lost umbrella. It must include the words 'umbrella', 'station' "
        "and 'Tuesday'.",
        [_inc("umbrella", "station", "Tuesday")],
    ),
    (
        "Describe the ocean in a few sentences without using the words 'blue', 'water' or 'wave'.",
        [_exc("blue", "water", "wave")],
    ),
    (
        "Write a brief apology for a late delivery. Start your answer with 'Dear customer'.",
        [_start("dear customer")],
    ),
    (
        "Explain what a leap year is. End your answer with the exact phrase 'That is all.'",
        [_end("that is all.")],
    ),
    (
        "Write a brief plan for learning to cook with three sections titled Goals, Schedule and Budget, "
        "in that order. Put each title on its own line.",
        [_sec("Goals", "Schedule", "Budget")],
    ),
    ("Write a poem of exactly three lines about autumn.", [_n("lines", 3)]),
    (
        "Give three reasons to learn a second language as a bulleted list, and do not use the word 'easy'.",
        [_n("bullets", 3), _exc("easy")],
    ),
    ("Summarize the benefits of walking in one sentence of fewer than 25 words.", [_s(1, 1), _w(hi=24)]),
    (
        "Write a product description for a steel water bottle in 50 to 80 words. Use the word "
        "'insulated' at least twice.",
        [_w(50, 80), _inc("insulated", times=2)],
    ),
    (
        "Give a JSON array of exactly four strings, each the name of a planet of the solar system. Output "
        "only the JSON.",
        [{"check": "json", "type": "array", "length": 4, "items": "string"}],
    ),
    (
        "Write a motivational sentence for a marathon runner in all capital letters, ending with an "
        "exclamation mark.",
        [UPPER, _end("!")],
    ),
    (
        "Write a pancake recipe with two sections titled Ingredients and Steps, each title on its own "
        "line. List the ingredients as bullets and give exactly five numbered steps.",
        [_sec("Ingredients", "Steps"), _n("numbered", 5)],
    ),
    ("Answer in fewer than 15 words: why is the sky dark at night?", [_w(hi=14)]),
    ("Write a limerick about a cat. It should have five lines.", [_n("lines", 5)]),
    (
        "Write an email subject line reminding a team of tomorrow's meeting: at most 8 words and no "
        "exclamation marks.",
        [_w(hi=8), {"check": "exclude_chars", "chars": "!"}],
    ),
    (
        "Write a paragraph of at least 30 words about coffee without using any commas.",
        [_w(lo=30), {"check": "exclude_chars", "chars": ","}],
    ),
    (
        "Describe your ideal weekend in exactly four sentences. Start with the word 'Saturday'.",
        [_s(4, 4), _start("saturday")],
    ),
    (
        "Write three paragraphs about the history of writing, separated by blank lines. The second "
        "paragraph must begin with the word 'Later'.",
        [_n("paragraphs", 3), {"check": "paragraph_starts", "index": 1, "text": "later"}],
    ),
    (
        'Reply with a JSON object for a blog post about gardening, with the keys "title" (a string) and '
        '"tags" (a list of exactly three strings). Output only the JSON.',
        [
            {
                "check": "json",
                "type": "object",
                "keys": ["title", "tags"],
                "types": {"title": "string", "tags": "array"},
                "lengths": {"tags": 3},
            }
        ],
    ),
    ("Name six fruits on a single line, separated by commas, all in lowercase.", [_n("lines", 1), LOWER]),
    ("Explain photosynthesis to a ten-year-old in 100 to 150 words.", [_w(100, 150)]),
    ("Give me a numbered list of 10 names for a pet goldfish.", [_n("numbered", 10)]),
    (
        "Write a thank-you note to a teacher in under 70 words. Include the words 'patience' and 'grateful'.",
        [_w(hi=69), _inc("patience", "grateful")],
    ),
    (
        "Write a short welcome message for a hotel guest that starts with 'Welcome' and ends with "
        "'Enjoy your stay.'",
        [_start("welcome"), _end("enjoy your stay.")],
    ),
    (
        "Explain recursion without using the words 'function', 'itself' or 'call'.",
        [_exc("function", "itself", "call")],
    ),
    (
        "Write exactly two sentences about the moon. Use the word 'silver' in each of them.",
        [_s(2, 2), _inc("silver", times=2)],
    ),
    (
        "Write a job advertisement for a part-time librarian with three sections titled Role, "
        "Requirements and How to Apply, in that order, each title on its own line.",
        [_sec("Role", "Requirements", "How to Apply")],
    ),
    (
        'Give me a JSON object that maps "red", "green" and "blue" (exactly these keys) to hex colour '
        "codes as strings. Output only the JSON.",
        [
            {
                "check": "json",
                "type": "object",
                "keys": ["red", "green", "blue"],
                "exact_keys": True,
                "types": {"red": "string", "green": "string", "blue": "string"},
            }
        ],
    ),
    (
        "Write a four-line poem about the sea in which every line starts with the word 'The'.",
        [_n("lines", 4), {"check": "each_line_starts", "any": ["the "]}],
    ),
    (
        "Write the opening of a school graduation speech in under 400 characters.",
        [{"check": "chars", "max": 399}],
    ),
    ("List four European capitals as a bulleted list and nothing else.", [_n("bullets", 4)]),
    (
        "Write about the importance of recycling in exactly two paragraphs and at most 120 words.",
        [_n("paragraphs", 2), _w(hi=120)],
    ),
    ("Describe a thunderstorm in at least 80 and at most 100 words.", [_w(80, 100)]),
    (
        "write a review of a pair of headphones using only lowercase letters, and mention the bass.",
        [LOWER, _inc("bass")],
    ),
    ("WRITE THE TEXT OF A WET FLOOR WARNING SIGN IN CAPITAL LETTERS, AT MOST 12 WORDS.", [UPPER, _w(hi=12)]),
    (
        "Explain what DNS is in a single paragraph that ends with a question.",
        [_n("paragraphs", 1), {"check": "ends_with_question"}],
    ),
    (
        "Write a dialogue of exactly six lines between two friends planning a picnic. Every line must "
        "begin with 'Ana:' or 'Ben:'.",
        [_n("lines", 6), {"check": "each_line_starts", "any": ["ana:", "ben:"]}],
    ),
    (
        "Give three pros and three cons of remote work as bullets, under two headings titled Pros and "
        "Cons, each on its own line.",
        [_sec("Pros", "Cons"), _n("bullets", 6)],
    ),
    (
        "Write a riddle about a shadow in at most four lines without using the words 'shadow' or 'dark'.",
        [{"check": "lines", "min": 1, "max": 4}, _exc("shadow", "dark")],
    ),
    (
        "Write a three-sentence biography of a fictional chef named Marco who grew up in Naples.",
        [_s(3, 3), _inc("Marco", "Naples")],
    ),
    (
        "Reply with a JSON array of five integers between 1 and 100 in ascending order, and nothing else.",
        [
            {
                "check": "json",
                "type": "array",
                "length": 5,
                "items": "integer",
                "sorted": True,
                "range": [1, 100],
            }
        ],
    ),
    (
        "Write the opening line of a mystery novel: a single sentence of at least 12 words.",
        [_s(1, 1), _w(lo=12)],
    ),
    ("Write a packing list for a weekend camping trip with exactly 8 bullet points.", [_n("bullets", 8)]),
    (
        "Write instructions for making a cup of tea as exactly four numbered steps, and do not mention "
        "sugar.",
        [_n("numbered", 4), _exc("sugar")],
    ),
    (
        "Write a paragraph under 100 words about electric cars that uses the word 'battery' at least "
        "three times.",
        [_w(hi=99), _inc("battery", times=3)],
    ),
    (
        "Tell me about the planet Mars in three paragraphs separated by blank lines. The first paragraph "
        "must begin with the word 'Mars'.",
        [_n("paragraphs", 3), {"check": "paragraph_starts", "index": 0, "text": "mars"}],
    ),
    (
        "Write a friendly reminder that a library book is due. Begin with 'Hi there' and keep it under "
        "50 words.",
        [_start("hi there"), _w(hi=49)],
    ),
    (
        "Write a short FAQ about a gym membership with exactly three questions, each question on its "
        "own line ending with a question mark, each followed by its answer.",
        [_n("questions", 3)],
    ),
    (
        "Give me a meal plan for the working week with five sections titled Monday, Tuesday, Wednesday, "
        "Thursday and Friday, in that order, each title on its own line.",
        [_sec("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")],
    ),
    (
        "give a one-sentence definition of gravity in lowercase letters, without any commas.",
        [_s(1, 1), LOWER, {"check": "exclude_chars", "chars": ","}],
    ),
    (
        "Describe a book as a JSON object with the keys 'title', 'author', 'year' (a number) and 'genres' "
        "(a list of strings). Reply with the JSON only.",
        [
            {
                "check": "json",
                "type": "object",
                "keys": ["title", "author", "year", "genres"],
                "types": {"title": "string", "author": "string", "year": "number", "genres": "array"},
            }
        ],
    ),
    (
        "Write a short motivational message whose very last word is 'tomorrow'.",
        [{"check": "last_word", "word": "tomorrow"}],
    ),
    ("Write a poem of exactly three lines about snow, all in lowercase.", [_n("lines", 3), LOWER]),
]
