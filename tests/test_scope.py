"""Counts and asks that are of one part of the answer, or not asks at all (engine.observe.scope and
the readers that use it), read from the generic eval's dev rows whose hand-written answers, which
meet every check, were faulted: each request below gets no fault on such an answer, and the
whole answer's own bounds in the same requests still stand."""

import pytest

from selfrefine.engine.observe import text_checks


def faults(request, answer):
    return [x.fault for c in text_checks(request) for x in c(answer) if x.fault]


def asked(request, answer):
    return [x.text for c in text_checks(request) for x in c(answer)]


SUMMARY = (
    "Does a heat pump make sense for a drafty old bungalow? Open with a one-line summary that starts "
    'with "TL;DR:" (25 words max), then explain. Whole answer under 250 words.'
)
SUMMARY_ANSWER = (
    "TL;DR: Probably yes, once the worst drafts are sealed.\n\n" + "A cold-climate unit works. " * 12
)
PARTS = [
    (SUMMARY, SUMMARY_ANSWER),
    (
        "Email my son's teacher that he will miss school on Friday. Needs a subject line (short, 8 words "
        "max), and keep it under 150 words",
        "Subject: Leo away on Friday\n\nHi Ms. Okonkwo,\n\nLeo will miss school on Friday for a family "
        "event. Is there homework he should take?\n\nThank you,\nDana",
    ),
    (
        "Should I get an e-bike? Give me 3 pros and 3 cons as two lists, then one line with your take.",
        "Pros\n- Fast\n- Cheap\n- Fun\n\nCons\n- Cost\n- Charging\n- Weight\n\nMy take: worth it.",
    ),
    (
        "List six exercises for novice rowers as bullets, and finish with a one-line safety note.",
        "- Squats\n- Push-ups\n- Rows\n- Lunges\n- Plank\n- Bridges\n\nSafety: stop if anything hurts.",
    ),
    (
        "Help me write a post about paying off my card debt. Put a TL;DR at the bottom, no more than 25 "
        "words.",
        "Two years ago I owed a lot.\n\nI paid the highest rate first and tutored on weekends.\n\n"
        "Last month I paid off the final card.\n\nTL;DR: avalanche method plus tutoring, debt-free.",
    ),
    (
        "Write a blurb for the reading challenge: a catchy headline in title case, then one short paragraph.",
        "Read, Explore and Win\n\nEvery book you finish this summer earns a stamp and a chance to win.",
    ),
    (
        "Write a commit message: subject line 50 chars max with no period at the end, blank line, then a "
        "body wrapped at 72 characters.",
        "Trim login password input on the client\n\nThe login form accepted trailing spaces. The client\n"
        "now trims the input and shows an error when it is empty.",
    ),
    (
        "is it ok to put cast iron in the dishwasher? keep it to 4 sentences tops",
        "No. It rusts. Wash by hand.",
    ),
    (
        "Seat 12 guests at 3 tables of 4. List it as Table 1, Table 2 and Table 3 with the names.",
        "Table 1: Ahmed, Lina, Rob, Sofia\nTable 2: Kate, Ben, Priya, Tom\nTable 3: Grace, Leo, Ana, Yusuf",
    ),
    (
        'What is the curl command to POST a todo with a JSON body where title is "Buy milk"?',
        '```bash\ncurl -X POST https://api.example.com/v1/todos -d \'{"title": "Buy milk"}\'\n```',
    ),
    (
        'My advisor says every sentence in my letters starts with "I" so please vary the openings.',
        "Dear Hiring Manager,\n\nWith a new degree in accounting, my goal is to grow with your team.",
    ),
    (
        "Invent results for a survey with 4 or 5 questions and the share who answered 'satisfied'.",
        "1. Overall: 87.5% satisfied\n2. Ordering: 91.2% satisfied\n3. Delivery: 78.4% satisfied",
    ),
    (
        "Suggest git branch names for SHOP-142 and SHOP-157: feature/ or fix/, then the ticket key, then a "
        "kebab-case description, and names stay under 40 characters.",
        "Here you go:\n\n- feature/SHOP-142-wishlist-button\n- fix/SHOP-157-cart-total-rounding\n\n"
        "Each name keeps to your convention and stays short enough for the terminal.",
    ),
    (
        "I need a LaTeX table of five trials. Just the tabular is fine, I'll wrap it in a table myself.",
        "\\begin{tabular}{lrr}\nTrial & Time & Distance \\\\\n1 & 2.31 & 1.20 \\\\\n\\end{tabular}",
    ),
]


@pytest.mark.parametrize("request_text, answer", PARTS)
def test_a_parts_bound_and_words_that_ask_nothing_give_no_fault(request_text, answer):
    assert faults(request_text, answer) == []


def test_the_whole_answers_bounds_still_stand():
    assert any("asked: fewer than 250 words" in t for t in asked(SUMMARY, SUMMARY_ANSWER))
    long = "TL;DR: yes.\n\n" + "word " * 300
    assert any("250" in x for x in faults(SUMMARY, long))
    assert faults("Write a one-line bio for my profile.", "Line one.\nLine two.") != []
    assert faults("Summarize the plot of Hamlet in 4 sentences tops.", "A. B. C. D. E.") != []
    assert faults("Write a product description (100 words max).", "word " * 150) != []
    assert faults("Reply in a table comparing the two plans.", "Plan A is cheaper.") != []
    assert faults("Return the result as JSON.", "not json") != []
    assert faults("Write a tagline, no periods at all.", "Fresh. Bread.") != []
    assert faults("Give me exactly 4 questions to ask at an interview.", "What is the role?") != []
    assert faults("Your replies should be under 20 words.", "word " * 30) != []


def test_a_labelled_parts_bound_is_counted_on_its_line():
    request = "Write a post about paying off my debt. Put a TL;DR at the bottom, no more than 25 words."
    long_tldr = "I paid it off.\n\n**TL;DR:** " + "word " * 30
    assert faults(request, long_tldr) == [
        "The request asks for at most 25 words after 'TL;DR:'; that line has 30."
    ]
    assert faults(request, "I paid it off.\n\nTL;DR: avalanche method.\n\n" + "More words here. " * 20) == []
    request = "Email the team about Friday. Needs a subject line (8 words max)."
    assert faults(request, "Subject: " + "word " * 12 + "\n\nHi all,\nSee you.") == [
        "The request asks for at most 8 words after 'Subject:'; that line has 12."
    ]
