"""The generic task's holdout constraint requests (ids h01-h36, split `holdout`) and their checks.

Written on 2026-12-02 by someone who had not read the rule-based observers (engine/observe) or
their tests, so the phrasing is not tailored to what they parse: these rows measure the
observers on requests nobody tuning them has read. Keep them out of tuning: no prompt, rule or
observer change should be made after looking at these requests or at outputs on them.
"""

from __future__ import annotations

HOLDOUT: list[tuple[str, list[dict]]] = [
    (
        "Can you write a quick note to my landlord saying the kitchen tap has been dripping for a "
        "week, and asking when someone could come and look at it? Keep it under 60 words.",
        [{"check": "words", "max": 59}],
    ),
    (
        "I'm off until Monday the 14th. Write my out-of-office auto-reply: say that Dana "
        "(dana@shopfront.example) handles anything urgent about orders while I'm away. Begin with "
        '"Hi there" and keep it to 50 words max.',
        [{"check": "starts_with", "text": "Hi there"}, {"check": "words", "max": 50}],
    ),
    (
        "write an email to my team telling them friday's planning meeting is moving from 10am to "
        '3pm, same room. start with "Hi all", keep it under 70 words, and end with the sentence '
        '"See you there."',
        [
            {"check": "starts_with", "text": "Hi all"},
            {"check": "words", "max": 69},
            {"check": "ends_with", "text": "See you there."},
        ],
    ),
    (
        "I need a three-sentence explanation of why the sky is blue that a ten-year-old would understand.",
        [{"check": "sentences", "min": 3, "max": 3}],
    ),
    (
        "Explain what inflation is in two paragraphs, without using the word money.",
        [{"check": "paragraphs", "n": 2}, {"check": "exclude", "words": ["money"]}],
    ),
    (
        "write me a little poem about my cat napping in a patch of sunlight. all lowercase please, "
        "no capital letters anywhere",
        [{"check": "lowercase"}],
    ),
    (
        "Give me a simple tomato soup recipe using the headings Ingredients, Method and Serving, in "
        "that order. I'm dairy-free, so don't even use the word \"cream\".",
        [
            {"check": "sections", "titles": ["Ingredients", "Method", "Serving"]},
            {"check": "exclude", "words": ["cream"]},
        ],
    ),
    (
        "What should I pack for a weekend camping trip? Exactly 4 bullet points.",
        [{"check": "bullets", "n": 4}],
    ),
    (
        "Explain the difference between weather and climate. I want exactly three paragraphs, "
        "make sure the word 'average' appears somewhere, and please no bullet points.",
        [
            {"check": "paragraphs", "n": 3},
            {"check": "include", "words": ["average"]},
            {"check": "bullets", "n": 0},
        ],
    ),
    (
        "Give me 3 reasons to learn a second language as bullet points, and don't use any commas.",
        [{"check": "bullets", "n": 3}, {"check": "exclude_chars", "chars": [","]}],
    ),
    (
        "How do I fix a flat bike tyre? Walk me through it as a numbered list of 6 steps.",
        [{"check": "numbered", "n": 6}],
    ),
    (
        "Could you write a haiku about autumn rain? Three lines, and keep everything in lowercase.",
        [{"check": "lines", "n": 3}, {"check": "lowercase"}],
    ),
    (
        "Write a product description for a stainless steel water bottle that keeps drinks cold for "
        '24 hours. Avoid the word "eco-friendly", every brand says that.',
        [{"check": "exclude", "words": ["eco-friendly"]}],
    ),
    (
        'Give me a quick breakfast smoothie as JSON with the keys "name", "ingredients" and '
        '"minutes": ingredients should be a list of exactly 4 items and minutes a number. I hate '
        "bananas, so don't use the word banana anywhere. Keep the whole reply under 300 characters.",
        [
            {
                "check": "json",
                "type": "object",
                "keys": ["name", "ingredients", "minutes"],
                "types": {"minutes": "number"},
                "lengths": {"ingredients": 4},
            },
            {"check": "exclude", "words": ["banana"]},
            {"check": "chars", "max": 299},
        ],
    ),
    (
        "I'm selling my old road bike (aluminium frame, 21 gears, new tyres last spring). Write the "
        "listing for it, somewhere between 60 and 90 words, and make sure it says the price is $250.",
        [{"check": "words", "min": 60, "max": 90}, {"check": "include", "words": ["250"]}],
    ),
    (
        "My grandmother turns 90 on Sunday. Write her a warm birthday message, and make sure it "
        'includes the word "garden" because she loves hers.',
        [{"check": "include", "words": ["garden"]}],
    ),
    (
        "How does a credit score actually work? Keep it to 4 sentences, and end with a question I "
        "could ask my bank.",
        [{"check": "sentences", "min": 4, "max": 4}, {"check": "ends_with_question"}],
    ),
    (
        'Reply with JSON only, with the keys "title", "author" and "year", for the novel Pride and '
        "Prejudice.",
        [{"check": "json", "type": "object", "keys": ["title", "author", "year"]}],
    ),
    (
        "Write a four-line poem about the first snow of winter. Every line has to begin with the "
        'word "Snow", and don\'t use any commas.',
        [
            {"check": "lines", "n": 4},
            {"check": "each_line_starts", "any": ["snow"]},
            {"check": "exclude_chars", "chars": [","]},
        ],
    ),
    (
        "Reply only with a JSON array of the seven days of the week, as strings, all in lowercase.",
        [{"check": "json", "type": "array", "length": 7, "items": "string"}, {"check": "lowercase"}],
    ),
    (
        'Summarize this in one sentence: "The city council voted on Tuesday to extend library '
        "opening hours on weekends, starting next month. The change follows a petition signed by "
        "more than 3,000 residents. Funding will come from the existing culture budget, so no new "
        'taxes are needed."',
        [{"check": "sentences", "min": 1, "max": 1}],
    ),
    (
        'Write a limerick about a forgetful chef. Five lines, and the very last word should be "pie".',
        [{"check": "lines", "n": 5}, {"check": "last_word", "word": "pie"}],
    ),
    (
        "Make me a packing checklist for a beach holiday with the headings Clothes, Toiletries and "
        "Extras. Put 3 bullet points under each heading (9 bullets in total). I already bought "
        'sunscreen, so leave the word "sunscreen" out.',
        [
            {"check": "sections", "titles": ["Clothes", "Toiletries", "Extras"]},
            {"check": "bullets", "n": 9},
            {"check": "exclude", "words": ["sunscreen"]},
        ],
    ),
    (
        "Write a tweet announcing that our bakery now sells sourdough loaves every Saturday. It has "
        "to fit in a tweet, so 280 characters max.",
        [{"check": "chars", "max": 280}],
    ),
    (
        "Summarize this review in 25 words or fewer, and don't use the words amazing or terrible: "
        '"I bought this blender last month. The motor is powerful and it crushes ice in seconds, '
        "which is amazing. But the lid leaks if you fill it past halfway, and customer service took "
        'two weeks to reply, which was terrible."',
        [{"check": "words", "max": 25}, {"check": "exclude", "words": ["amazing", "terrible"]}],
    ),
    (
        "Tell me one fun fact about octopuses, and finish your reply with a question for me.",
        [{"check": "ends_with_question"}],
    ),
    (
        "i run a small coffee shop. write 3 short questions i could print on a customer feedback "
        "card, one per line and nothing else. no capital letters.",
        [{"check": "questions", "n": 3}, {"check": "lines", "n": 3}, {"check": "lowercase"}],
    ),
    (
        'Give me five ideas for a rainy Sunday at home as a numbered list. Start with "Here are five ideas".',
        [{"check": "numbered", "n": 5}, {"check": "starts_with", "text": "Here are five ideas"}],
    ),
    (
        "Write a short pep talk for my kids' soccer team before their final game, entirely in "
        "capital letters, like a coach shouting from the sideline.",
        [{"check": "uppercase"}],
    ),
    (
        "Describe the taste of a mango to someone who has never had one. Use the word sunshine at "
        "least twice and keep it under 80 words.",
        [{"check": "include", "words": ["sunshine"], "times": 2}, {"check": "words", "max": 79}],
    ),
    (
        "Please draft a short apology email to a customer whose order was delayed by a week because "
        'of a supplier problem. End it with the line "Thanks again for your patience."',
        [{"check": "ends_with", "text": "Thanks again for your patience."}],
    ),
    (
        "Product blurb for noise-cancelling wireless headphones: ALL CAPS, between 30 and 50 words, "
        'and it has to include the word "battery".',
        [
            {"check": "uppercase"},
            {"check": "words", "min": 30, "max": 50},
            {"check": "include", "words": ["battery"]},
        ],
    ),
    (
        "Write two short paragraphs introducing our new neighbourhood book club. The second "
        'paragraph should start with "Meetings are".',
        [{"check": "paragraphs", "n": 2}, {"check": "paragraph_starts", "index": 1, "text": "meetings are"}],
    ),
    (
        "What are some good board games for a family with young kids? One game per line, 5 lines, "
        "nothing else.",
        [{"check": "lines", "n": 5}],
    ),
    (
        'How do I make a proper pot of tea? Open with "Good tea takes patience", then give the method '
        'as a numbered list of 4 steps, and make "enjoy" the last word of your answer.',
        [
            {"check": "starts_with", "text": "Good tea takes patience"},
            {"check": "numbered", "n": 4},
            {"check": "last_word", "word": "enjoy"},
        ],
    ),
    (
        "Come up with a slogan for my dog-walking business. Under 12 words, no exclamation marks.",
        [{"check": "words", "max": 11}, {"check": "exclude_chars", "chars": ["!"]}],
    ),
]
