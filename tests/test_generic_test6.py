"""The generic task's test6 rows (x01-x60, written blind to the observers on 2026-12-06) and the
scorer parts written for them: the check kinds of TEST6_CHECKS (each on passing and failing
answers, and refusing bad parameters), a hand-written answer meeting every constraint row, every
reference passing its hidden tests, the shown tests never counting, and the generator keeping
every other line of data.jsonl as it is (no engine)."""

import json
from collections import Counter

import pytest

from selfrefine.tasks import registry
from selfrefine.tasks.generic import scorer as S
from selfrefine.tasks.generic.test3_kinds import TEST3_CHECKS
from selfrefine.tasks.generic.test4_kinds import TEST4_CHECKS
from selfrefine.tasks.generic.test5_kinds import TEST5_CHECKS
from selfrefine.tasks.generic.test6_kinds import TEST6_CHECKS
from selfrefine.tasks.tools import generic_rows, generic_test6
from tests.generic_split import (
    assert_references_pass,
    assert_row_shape,
    assert_shown_examples_never_count,
    functions,
    style,
)

# kinds with a table before test6 (the older ones are inline in scorer.check)
BEFORE = set(S.NEW_CHECKS) | set(TEST3_CHECKS) | set(TEST4_CHECKS) | set(TEST5_CHECKS)
INLINE = {
    "words", "sentences", "paragraphs", "lines", "each_line_starts", "paragraph_starts", "questions",
    "last_word", "chars", "bullets", "numbered", "include", "exclude", "exclude_chars", "uppercase",
    "lowercase", "json", "sections", "starts_with", "ends_with", "ends_with_question",
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test6")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows()}


# ------------------------------------------------------------------ the rows


def test_the_test6_rows(task):
    rows = task.rows()
    assert [r["id"] for r in rows] == [f"x{i:02d}" for i in range(1, 61)]
    assert {r["split"] for r in rows} == {"test6"}
    assert Counter(r["kind"] for r in rows) == {"constraints": 32, "function": 22, "everyday": 6}
    assert rows == json.loads(json.dumps(generic_test6.rows()))
    every = registry.load("generic:all").rows()
    assert len({r["request"] for r in every}) == len(every)  # no request repeats an older one
    assert len({r["id"] for r in every}) == len(every)
    # test7 to test18 (tests/test_generic_test7.py ... _test18.py) follow test6 at the end of the file
    later = registry.load("generic:test7").rows()
    after7 = (
        "test8",
        "test9",
        "test10",
        "test11",
        "test12",
        "test13",
        "test14",
        "test15",
        "test16",
        "test17",
        "test18",
    )
    later += [r for s in after7 for r in every if r["split"] == s]
    assert every[-780:-720] == rows and every[-720:] == later


def test_constraint_rows_use_the_new_kinds(task):
    rows = [r for r in task.rows() if r["kind"] == "constraints"]
    assert all(1 <= len(r["checks"]) <= 3 for r in rows)
    uses = Counter(c["check"] for r in rows for c in r["checks"] if c["check"] in TEST6_CHECKS)
    assert set(uses) == set(TEST6_CHECKS) and all(1 <= n <= 3 for n in uses.values()), uses
    assert sum(any(c["check"] in TEST6_CHECKS for c in r["checks"]) for r in rows) == 28
    assert len(TEST6_CHECKS) >= 20
    assert not set(TEST6_CHECKS) & (BEFORE | INLINE)  # new names, none shadowing an older kind
    assert all(S._split_checks()[k] is f for k, f in TEST6_CHECKS.items())  # the scorer finds them
    for r in rows:
        S.GenericScorer().score(r, "")  # every kind known, every parameter valid


# ------------------------------------------------------------------ an answer meeting each row

_THREAD = [
    "1/5 Starting your first vegetable garden? Begin small. One raised bed or a few big pots is plenty "
    "for a first season, and a small space is easy to keep weeded and watered.",
    "2/5 Sun matters more than anything. Most vegetables want six to eight hours of direct light, so "
    "watch your yard for a day before you pick a spot.",
    "3/5 Feed the soil, not just the plants. Mix a few inches of compost into the bed before planting "
    "and your seedlings will thank you all summer.",
    "4/5 Start with easy wins: lettuce, radishes, zucchini, bush beans and cherry tomatoes forgive a "
    "lot of beginner mistakes.",
    "5/5 Water deeply and less often, early in the morning, at the base of the plants. Then enjoy the "
    "best salad you have ever eaten. 🥬",
]

ANSWERS = {
    "x01": "Spring Planting Day: Volunteers Wanted\n\nOur community garden needs helping hands for spring "
    "planting day on Saturday, April 11, from 9 am to noon. We will set out seedlings, spread mulch and "
    "build two new raised beds. No experience needed; gloves, tools and coffee are on us.\n\nTo sign up, "
    "email gardenvolunteers@example.org with your name and how long you can stay.",
    "x02": "Let me tell you about my first sourdough loaf. I fed my starter for a whole week (I named him "
    "Doughbert, which should have been my first warning), followed the recipe to the letter, and waited "
    "a full day for the magic to happen. What came out of the oven was flat as a pancake (a very crusty, "
    "very proud pancake). My partner kindly called it focaccia. This blog is where I will write down "
    "every mistake on the way to a loaf that actually rises, so you can laugh along and maybe skip a "
    "few of them yourself.",
    "x03": "**Happy Tails FAQ**\n\nQ: What are your hours?\nA: We are open Monday to Friday from 7 am to "
    "7 pm.\n\nQ: Does my dog need vaccinations?\nA: Yes, every dog needs up-to-date rabies, distemper and "
    "bordetella shots.\n\n**Q:** Do you separate dogs by size?\n**A:** Yes, small and large dogs play in "
    "separate areas.\n\nQ: Can I book a trial day?\nA: Absolutely, your first half day at Happy Tails is "
    "free.\n\nQ: What should I bring?\nA: Just a leash and your dog's lunch, if they eat at midday.",
    "x04": "Recycling Rangers\n\n[Milo walks in holding an empty soda can.]\nMILO: Where does this go, "
    "Zara?\nZARA: That can goes in the blue recycling bin.\nMILO: Why can't I just throw it in the "
    "trash?\nZARA: Because aluminum can be melted down and made into a brand new can.\nMILO (amazed): "
    "Really? How long does that take?\nZARA: It can be back on a store shelf in about two months.\n"
    "[Milo drops the can into the blue bin.]\nMILO: What about this banana peel?\nZARA: That goes in the "
    "compost, so it can turn into soil for the garden.\nMILO: Recycling is like a superpower!\n"
    "**ZARA:** And everyone in our class can use it.\n\nTHE END",
    "x05": "Spotless by Rosa is a family-run house cleaning service built on care, reliability and "
    "attention to detail. Rosa started the business in 2015 with one vacuum and a simple promise: treat "
    "every home as if it were her own. Today our small team cleans apartments and family homes across "
    "the city with eco-friendly products that are safe for children and pets.\n\nOur clients say it "
    "best. “I come home every other Friday to a house that feels brand new,” writes Denise from Oak Hill. "
    "Another longtime customer, Mark, puts it simply: \"Rosa's team is the most trustworthy service we "
    'have ever hired."\n\nWe offer weekly, biweekly and one-time deep cleans, and every visit is backed '
    "by our satisfaction guarantee.",
    "x06": "Who says 6 am is too early to feel amazing? 💪 Our new sunrise bootcamp kicks off Monday: 45 "
    "minutes of strength, cardio and good energy before the world wakes up. Grab a friend and claim your "
    "spot. #earlybird #bootcamp",
    "x07": "How much water does our building really use? More than you might guess. Every drip from a "
    "leaky faucet and every extra-long shower adds up on our shared bill and on the city's reservoirs. "
    "This month's newsletter shares a few simple habits that can cut our use without anyone giving up "
    "comfort.",
    "x08": "- Snake plant: around $12\n- Pothos: around $15\n- ZZ plant (Zamioculcas): about $20\n"
    "- Spider plant: about $20\n- Peace lily: about $25 for a 6 inch pot\n- Rubber plant: $30 to $40",
    "x09": "1. 1969: ARPANET sends its first message between two university computers.\n"
    "2. 1983: ARPANET switches to TCP/IP, the protocol the internet still runs on.\n"
    "3. **1989**: Tim Berners-Lee proposes the World Wide Web.\n4. 1998: Google is founded.\n"
    "5. 2007: The iPhone puts the web in people's pockets.",
    "x10": "Big news: the new version of our mobile app is live! 🚀\n\nThis release was months in the "
    "making, and I could not be prouder of this team. Huge thanks to @sarakim for leading the redesign and "
    "to @devon_ops for keeping every build and deploy running smoothly.\n\nGo update your app and tell "
    "us what you think.\n\n#MobileApp #ProductLaunch #Teamwork",
    "x11": "**Day 1: Baixa and Alfama**\nStart with coffee and a pastel de nata in Baixa, then wander uphill "
    "into Alfama's narrow lanes. Have grilled sardines for lunch and end the day with fado at a small "
    "tavern.\n\n**Day 2: Belém**\nTake the tram to Belém for the famous custard tarts at the original "
    "bakery and a long riverside walk. Dinner at Time Out Market back in town.\n\n## Day 3 - Príncipe "
    "Real and Bairro Alto\nBrowse the shops and gardens of Príncipe Real, stop at a miradouro for the "
    "view, and eat your way through Bairro Alto's tascas at night.\n\nDay 4: Cascais day trip\nA 40 "
    "minute train ride gets you to the coast. Walk the seaside promenade and finish with seafood by "
    "the harbor.",
    "x12": "Here's a gentle plan, three runs a week:\n\nWeek 1: Alternate 1 minute running and 90 seconds "
    "walking for 20 minutes.\nWeek 2: Alternate 90 seconds running and 2 minutes walking for 20 minutes."
    "\nWeek 3: Run 3 minutes, walk 90 seconds, repeated for 25 minutes.\nWeek 4: Run 5 minutes, walk 2 "
    "minutes, three times over.\nWeek 5: Run 8 minutes, walk 3 minutes, run 8 minutes.\nWeek 6: Run "
    "20 minutes without stopping.",
    "x13": "Banana bread (one loaf)\n\nIngredients:\n- 3 ripe bananas (about 350 g peeled)\n- 250 g plain "
    "flour\n- 150 g brown sugar\n- 100 g melted butter\n- 2 eggs\n- 5 g baking soda\n- 2 g salt\n- 60 ml "
    "milk\n\nMethod:\n1. Heat the oven to 175°C and line a 23 cm loaf tin.\n2. Mash the bananas, then stir "
    "in the butter, sugar, eggs and milk.\n3. Mix the flour, baking soda and salt, and fold them in.\n"
    "4. Bake for 55 to 60 minutes, until a skewer comes out clean.\n5. Cool for 15 minutes before slicing.",
    "x14": "Hey team, here's the chore plan for this week 🧽\n\n- Dishes: Ana\n- Vacuuming: Josh\n"
    "- Bathroom: me\n- Trash and recycling: Josh\n- Grocery run: Ana\n\nThanks all, shout if you need "
    "to swap!",
    "x15": "I. Introduction\n   A. Hook: students are exhausted by Friday\n   B. Thesis: a four-day week "
    "helps students, teachers and budgets\nII. Better rested students\n   A. More sleep and less burnout\n"
    "   B. Fewer absences\nIII. Teachers gain planning time\n   A. A day for lesson prep\n   B. Less "
    "turnover\nIV. Savings for the district\n   A. Lower transport and energy costs\n   B. Answering the "
    "childcare objection\nV. Conclusion\n   A. Restate the thesis\n   B. Call on the school board to run "
    "a pilot",
    "x16": "- 🧴 Pack reef-safe sunscreen and reapply it every two hours.\n- 🕶️ Bring sunglasses with UV "
    "protection.\n- 💧 Carry a refillable water bottle.\n- 🩴 Wear flip-flops, since the sand gets hot.\n"
    "- 👜 **Use** a dry bag for your phone and keys.",
    "x17": "## Renting\n- Lower upfront cost: no down payment or closing costs.\n- Flexibility to move for "
    "a job or a new city.\n- Repairs are the landlord's problem.\n\n## 🏠 Buying\n- You build equity "
    "with every payment.\n- Your monthly cost is more predictable with a fixed-rate mortgage.\n- You can "
    "renovate and make it yours.\n  - Within HOA rules, for a condo.\n- HOA fees and repairs add to "
    "the cost.\n\n## Bottom line\nIf you plan to stay five years or more, buying often wins.",
    "x18": "**Decisions**\n- Move the launch to May 12.\n- Keep the current pricing.\n- Hire one more "
    "designer.\n\n**Action items:**\n- Priya: update the roadmap.\n- Tom: book the venue.\n- Alex: draft "
    "the press release.",
    "x19": "\n\n".join(_THREAD),
    "x20": "Here's a simple split for $3,200:\n\n- Rent: 35% ($1,120)\n- Groceries: 12%\n- Transportation: "
    "10%\n- Utilities and phone: 8%\n- Savings: 20%\n- Fun and dining out: 10%\n- Everything else: 5%\n"
    "- **Total: 100%**",
    "x21": "Party schedule (2 to 5 pm)\n\n- 2:00 pm: Guests arrive, free play in the yard\n- 2:30-3:15 pm: "
    "Treasure hunt\n- 3:15 pm: Pizza\n- **3:45 pm**: Cake and singing\n- 4:15 pm: Piñata\n"
    "- 4:45 pm: Goodie bags and goodbyes",
    "x22": "1. Heat the oven to 220°C (425°F).\n2. Pat the chicken dry, rub it with oil, salt and pepper, "
    "and put a lemon inside.\n3. Roast for 20 minutes, then turn the oven down to 190°C / 375°F.\n"
    "4. Keep roasting until the thickest part of the thigh reaches 74°C (165°F), about an hour for a "
    "1.6 kg bird.\n5. Rest it for 15 minutes before carving.",
    "x23": "**What we just read**\nKlara and the Sun sparked our liveliest talk yet: half of us cried at "
    "the ending and the other half argued about whether Klara was ever really loved.\n\n---\n\n**Next "
    "pick**\nWe are reading The Remains of the Day, so we stay with Ishiguro for one more month.\n\n"
    "* * *\n\n**Next meeting**\nThursday, March 5 at 7 pm in the library's back room. Snacks welcome.",
    "x24": "1. What is it called when water turns into vapor?\nA) Condensation\nB) Evaporation\n"
    "C) Precipitation\nD) Collection\n\n2. What forms when water vapor cools in the sky?\nA) Clouds\n"
    "B) Rivers\nC) Groundwater\nD) Glaciers\n\n**Question 3:** Rain, snow and hail are all kinds of "
    "what?\na) Runoff\nb) Evaporation\nc) Precipitation\nd) Transpiration\n\n4. What gives the water cycle "
    "its energy?\n- A) The Moon\n- B) The Sun\n- C) Wind\n- D) Earth's core\n\n5. What is it called when "
    "plants release water vapor?\n(a) Transpiration\n(b) Condensation\n(c) Infiltration\n(d) Runoff\n\n"
    "Answer key:\n1. B\n2. A\n3. C\n4. B\n5. A",
    "x25": "Why is the sky blue? Sunlight looks white, but it is a mix of every color. When it enters "
    "the atmosphere, it bumps into nitrogen and oxygen molecules that are much smaller than its "
    "wavelength. These molecules scatter short wavelengths, like blue and violet, far more strongly "
    "than long red ones, an effect called Rayleigh scattering [1].\n\nSo why not violet? The Sun gives "
    "off less violet than blue, some violet is absorbed high in the atmosphere, and our eyes are more "
    "sensitive to blue [2]. At sunset, light crosses much more air, the blue is scattered away, and "
    "the reds and oranges are left [1].\n\nSources:\n[1] NASA Space Place, Why Is the Sky Blue?\n"
    "[2] Met Office, Why is the sky blue?",
    "x26": "1. **Ticket to Ride** (9/10): Building train routes across a map is easy to learn and keeps "
    "both ages hooked.\n2. **Sushi Go!** (8/10): Fast card drafting that an 8-year-old picks up in one "
    "round.\n3. **Dixit** (8.5/10): Storytelling with dreamy cards rewards imagination over reading "
    "speed.\n4. **Carcassonne** (7/10): Tile laying that teaches a little strategy without long rules.",
    "x27": "Whether university students should hold part-time jobs is a question that divides parents "
    "and educators alike. In my view, moderate employment offers benefits that clearly outweigh its "
    "drawbacks. First, working a few hours each week teaches practical skills, such as managing time, "
    "communicating with customers and handling responsibility, that lectures rarely provide. Second, "
    "earning an income reduces dependence on loans and helps young adults understand the real value of "
    "money. Critics argue that jobs distract from academic goals and may lower grades. This concern is "
    "valid when students work excessive shifts; however, research suggests that limited schedules, "
    "around ten to fifteen hours, rarely harm performance and can even improve discipline. Therefore, "
    "universities should encourage flexible, campus-based positions rather than discourage work "
    "entirely. With sensible limits, a part-time job becomes not a burden but an essential part of a "
    "well-rounded education.",
    "x28": "Q: Why do you want to work here?\nA: I love your coffee and the friendly feel of the shop, and "
    "I want to learn from a team that takes its drinks seriously.\n\nQ: Do you have any experience?\n"
    "A: I worked the counter at a bakery for a year, so I'm used to rushes, cash handling and regulars.\n"
    "\nQ: How would you handle an unhappy customer?\nA: I'd listen, apologize, and remake the drink "
    "right away, then check back that it's right.\n\nQ: What's your availability?\nA: I'm free weekday "
    "mornings and all day on weekends.",
    "x29": "Sunday is almost here, team. We have trained through early alarms, rainy long runs and sore "
    "legs, and we have done it together. Trust your training, start slow, drink at every station and "
    "soak up the crowd. However the race goes, we finish the day together.",
    "x30": "Dear Hiring Manager,\n\nI am writing to apply for the Junior Data Analyst position at Northline "
    "Logistics. I recently completed a degree in statistics, where I built dashboards in Python and SQL "
    "to track delivery times for a regional courier. I enjoy turning messy operational data into clear "
    "answers, and I would love to bring that curiosity to your analytics team.",
    "x31": '["Seoul Food Wheels", "Kimchi Taco Co.", "Bulgogi Bandit", "Taco Tiger", "Gochu Grill"]',
    "x32": "hey, so sorry, i'm running about 15 min late for brunch. go ahead and grab a table without "
    "me. i'll be there as fast as i can",
}


def test_every_constraint_row_has_a_passing_answer(by_id):
    rows = [r for r in by_id.values() if r["kind"] == "constraints"]
    assert set(ANSWERS) == {r["id"] for r in rows}
    scorer = S.GenericScorer()
    failed = {rid: scorer.score(by_id[rid], text)["failed"] for rid, text in ANSWERS.items()}
    assert {rid: f for rid, f in failed.items() if f} == {}


def test_partial_counts_the_checks_met(by_id):
    got = S.GenericScorer().score(by_id["x16"], ANSWERS["x16"].replace("- 💧 Carry", "- Carry"))
    assert got["score"] == 0.0 and got["partial"] == 0.5 and got["failed"] == ["emoji_openers"]


# ------------------------------------------------------------------ each new kind: pass, fail

_QUIZ = "1. Q one?\nA) a\nB) b\n\n2) Q two?\n(a) a\n(b) b\n\nAnswers:\n1. A\n2. B"

CASES = [  # (check, an answer meeting it, an answer missing it)
    ({"check": "distinct_words", "min": 5}, "One two three, four five.", "One one two two two three."),
    ({"check": "distinct_words", "min": 3}, "It’s its it's IT", "Go go GO go."),
    ({"check": "parentheses", "min": 2}, "A (small) joke (or two).", "A (small) joke, 1) and ()."),
    ({"check": "parentheses", "n": 0}, "No asides here. 1) Item.", "One (aside)."),
    (
        {"check": "qa_pairs", "n": 2},
        "FAQ\n\nQ: Hours?\nA: 9 to 5.\nMore on that.\n**Q2:** Dogs?\n- **A:** Yes.",
        "Q: Hours?\nA: 9 to 5.\nQ: Dogs?",
    ),
    ({"check": "qa_pairs", "min": 1}, "Question 1: Why?\nAnswer: Because.", "Q: Why?\nA:\nBecause."),
    ({"check": "qa_pairs", "n": 1}, "Q. Why?\nA) Because.", "A: First.\nQ: Why?"),
    (
        {"check": "dialogue_script", "speakers": ["Milo", "Zara"], "min_lines": 3},
        "The Can\n\nMILO: Hi.\n*Zara waves.*\n**Zara:** Hello.\n- [Milo sits.]\nMilo (sad): Bye.\nTHE END",
        "MILO: Hi.\nZara waves.\nZARA: Hello.\nMILO: Bye.",
    ),
    (
        {"check": "dialogue_script", "speakers": ["Milo", "Zara"]},
        "Milo: Hi.\nZara: Hey.",
        "Milo: Hi.\nMilo: Anyone?\nBen: Me.",
    ),
    (
        {"check": "dialogue_script", "speakers": ["Ms. Lee", "Tom"]},
        "Ms. Lee: Sit down.\nTom: Okay.",
        "Ms. Lee: Sit down.\nTom:\nTom: Okay?",
    ),
    (
        {"check": "quoted_passages", "n": 2},
        'She said "great job" and “see you soon”, it\'s 5" wide? no.',
        'She said "great job".',
    ),
    ({"check": "quoted_passages", "min": 1}, "“Lovely service.”", 'Empty "" and "!!" only.'),
    (
        {"check": "opens_with_question"},
        "# Saving water\n\nWhy does it matter?! Because.",
        "Saving water matters. Why?",
    ),
    ({"check": "opens_with_question"}, "**Ready to sweat?**💪\nJoin us.", "Ready to sweat. Are you?"),
    (
        {"check": "opening_sentence_words", "max": 5},
        "**A Title Of Many Many Words**\nShort one here? Then a much longer sentence follows it.",
        "This opening sentence is far too long. Short.",
    ),
    (
        {"check": "sorted_numbers", "order": "ascending", "prefix": "$"},
        "- Pothos (6 inch pot): $8\n- Fern: $8\n- Fig: about $1,200.50",
        "- Pothos: $15\n- Fern: $8",
    ),
    (
        {"check": "sorted_numbers", "order": "ascending"},
        "1. 1969: ARPANET\n2. 1983: TCP/IP\n3. 1989: the Web",
        "1. 1989: the Web\n2. 1969: ARPANET",
    ),
    (
        {"check": "sorted_numbers", "order": "descending"},
        "- 300 kcal\n- 250 kcal",
        "- 300 kcal\n- Salad",
    ),
    ({"check": "sorted_numbers", "order": "descending"}, "- 3\n- 2\n- 1", "- 3"),
    (
        {"check": "mentions", "handles": ["@sarakim", "devon_ops"]},
        "Thanks @SaraKim and (@devon_ops).",
        "Thanks sara@sarakim.com and @devon_ops.",
    ),
    ({"check": "mentions", "handles": ["@sara"]}, "Hi @sara!", "Hi @sarakim."),
    (
        {"check": "label_sequence", "label": "Day", "n": 3},
        "Plan\n**Day 1:** Walk\n## Day 2 - Eat\n- Day 3: Rest",
        "Day 1: Walk\nDay 3: Rest\nDay 2: Eat",
    ),
    (
        {"check": "label_sequence", "label": "Week", "n": 2},
        "Week 1: run\nWeek 2: run more",
        "Week 1: run\nWeek 2: run\nWeek 3: rest",
    ),
    ({"check": "label_sequence", "label": "Day", "n": 1}, "Day 1: go", "Days 1-2: go"),
    (
        {"check": "metric_units", "min": 2},
        "- 250 g flour\n- 60 ml milk\n- a pinch of salt\nBake at 180°C for 10 minutes.",
        "- 250 g flour\n- 1/2 cup milk",
    ),
    ({"check": "metric_units"}, "Bake at 175 °C.", "Use 2 tsp sugar and 100 g flour."),
    ({"check": "metric_units"}, "Walk 5 km.", "Bake at 350°F."),
    ({"check": "metric_units"}, "Add 1 l water.", "Add 1 ½ cups water and 1 l stock."),
    ({"check": "metric_units"}, "Add 200 grams.", "Add a cup of flour and 200 g sugar."),
    ({"check": "metric_units"}, "Add 200 grams.", "Add 10 minutes."),
    ({"check": "framed_list"}, "Hi all!\n\n- Dishes\n- Trash\n\nThanks!", "Hi all!\n- Dishes\n- Trash"),
    ({"check": "framed_list"}, "Chores:\n1. Dishes\nBye.", "- Dishes\n- Trash\nThanks!"),
    (
        {"check": "roman_numbered", "n": 4},
        "Outline\nI. Intro\n  A. Hook\n  B. Thesis\n  C. Map\n**II.** Body\n## III) More\nIV. End\n"
        "  i. Recap",
        "I. Intro\nII. Body\nIV: End\nIII. More",
    ),
    ({"check": "roman_numbered", "n": 2}, "I. One\nII. Two", "I. One\nII. Two\nIII. Three"),
    (
        {"check": "emoji_openers"},
        "Tips:\n- 🧴 Sunscreen\n* **☀️ Hat**\n1. 🩴 Sandals",
        "- 🧴 Sunscreen\n- Hat ☀️",
    ),
    ({"check": "emoji_openers"}, "- ⭐ Star", "🧴 Sunscreen, no list."),
    (
        {"check": "section_bullets", "titles": ["Pros", "Cons"], "n": 2},
        "## Pros\n- a\n  - a1\n- b\n\n**Cons:**\n1. c\n2. d\n\n## Summary\n- e",
        "## Pros\n- a\n- b\n- c\n## Cons\n- d\n- e",
    ),
    (
        {"check": "section_bullets", "titles": ["Renting", "Buying"], "min": 1},
        "### 🏠 Renting\n- a\nBuying:\n- b",
        "Renting\n- a",
    ),
    (
        {"check": "thread_numbering", "n": 3, "max_chars": 40},
        "Here's a thread:\n\n1/3 Start small.\n\n(2/3) Water well.\n\nEnjoy it. 3 / 3",
        "1/3 Start small.\n\n3/3 Water well.\n\n2/3 Enjoy.",
    ),
    (
        {"check": "thread_numbering", "n": 2, "max_chars": 20},
        "1/2 Short one.\n\n2/2 Short two.",
        "1/2 Short one.\n\n2/2 This tweet is far too long for it.",
    ),
    ({"check": "thread_numbering", "n": 2}, "1/2 a\n\n2/2 b", "1/2 a 2/2 b"),
    (
        {"check": "percent_total", "total": 100},
        "- Rent: 50% ($1,600)\n- Savings: 20%\n  - of which 5% is fun\n- Food: 30%\n- Total: 100%",
        "- Rent: 50%\n- Savings: 20%\n- Food: 20%",
    ),
    ({"check": "percent_total", "total": 100}, "1. Needs 50.5%\n2. Wants 49.5 %", "- Rent: 50%\n- Food"),
    (
        {"check": "chronological", "min": 4},
        "Party (2 to 5 pm)\n- 2:00 pm arrive\n- 2:30-3:15 pm games\n- **3:15 p.m.** pizza\n4:00 cake",
        "- 2:00 pm arrive\n- 3:00 pm games\n- 2:30 pm pizza\n- 4:00 pm cake",
    ),
    (
        {"check": "chronological", "min": 3},
        "- 11:30-12:15 pm brunch\n- 12:15 pm walk\n- 1 pm nap",
        "- 11:30 am brunch\n- 12:15 pm walk\n- 9 am nap",
    ),
    ({"check": "chronological", "min": 2}, "09:00 start\n17:30 end", "17:30 start\n09:00 end"),
    ({"check": "chronological", "min": 2}, "- 9:00 walk\n- 1:30 lunch", "- 4:00 pm tea\n- noon lunch"),
    ({"check": "chronological", "min": 2}, "noon lunch\n1:00 pm talk", "At noon we eat and at 1 pm talk."),
    (
        {"check": "temperature_pairs", "min": 2},
        "Heat to 220°C (425°F).\nCook to 74 ºC / 165 ºF, about 1.6 kg bird.\nRest 15 minutes.",
        "Heat to 220°C (425°F).\nCook to 74°C.",
    ),
    ({"check": "temperature_pairs", "min": 1}, "Bake at 180 C / 350 F.", "Bake at 350°F."),
    ({"check": "temperature_pairs", "min": 1}, "Oven: 200 degrees Celsius, 400 Fahrenheit", "Oven hot."),
    (
        {"check": "section_dividers", "min": 2},
        "One\n\n---\n\nTwo\n* * *\nThree\n\n| a | b |\n|---|---|",
        "One\n\n--\n\nTwo\n---\nThree",
    ),
    ({"check": "section_dividers", "n": 1}, "One\n___\nTwo", "One\n---\nTwo\n---\nThree"),
    ({"check": "multiple_choice", "n": 2, "options": 2}, _QUIZ, _QUIZ.replace("(b) b", "(c) b")),
    (
        {"check": "multiple_choice", "n": 1, "options": 3},
        "**Question 1:** Why?\n- A) x\n- B) y\n- C) z",
        "1. Why? A) x B) y C) z",
    ),
    (
        {"check": "multiple_choice", "n": 1, "options": 2},
        "Q1. Hm?\na. x\nb. y",
        "1. Hm?\na. x\nb. y\n2. Oh?\na. x",
    ),
    (
        {"check": "multiple_choice", "n": 2, "options": 2},
        "### Question 1\nHm?\nA. x\nB. y\n### Question 2\nOh?\nA. x\nB. y",
        "Question one\nHm?\nA. x\nB. y\nQuestion two\nOh?\nA. x\nB. y",
    ),
    (
        {"check": "footnotes", "min": 2},
        "Blue light scatters [1]. Eyes see blue [2][1].\n\nSources:\n[1] NASA\n- [2] Met Office",
        "Blue light scatters [1]. Eyes see blue [3].\n\n[1] NASA\n[3] Met Office",
    ),
    ({"check": "footnotes", "n": 1}, "Fact [^1].\n\n[^1]: Source.", "[1] Source.\n\nFact [1]."),
    ({"check": "footnotes", "n": 1}, "Fact [1].\n\n1. [1] Source.", "Fact [1]. Fact [2].\n\n[1] A\n[2] B"),
    (
        {"check": "ratings", "scale": 10, "min": 3},
        "Catan (9/10), Dixit 8.5/10, Uno: 7 / 10",
        "Catan (9/10), Dixit 8.5/10, Uno 11/10",
    ),
    ({"check": "ratings", "scale": 5, "n": 1}, "Score: 4/5 after 3/10 tries.", "Score: 4/5 and 5/5."),
    (
        {"check": "email_address"},
        "Write to garden.volunteers+spring@example.org.",
        "Write to garden@localhost or @example.org.",
    ),
    ({"check": "email_address", "min": 2}, "a@b.co, c@d.io", "a@b.co, A@B.CO"),
]


@pytest.mark.parametrize("c, good, bad", CASES)
def test_each_new_kind_on_a_passing_and_a_failing_answer(c, good, bad):
    assert S.check(c, good) is True
    assert S.check(c, bad) is False
    assert S.check(c, "") is False and S.check(c, "   \n ") is False


def test_every_new_kind_has_cases():
    assert {c["check"] for c, _, _ in CASES} == set(TEST6_CHECKS)


BAD = [
    {"check": "distinct_words"},
    {"check": "distinct_words", "min": 0},
    {"check": "parentheses"},
    {"check": "parentheses", "n": 1, "min": 1},
    {"check": "qa_pairs", "max": -1},
    {"check": "qa_pairs", "pairs": 3},
    {"check": "dialogue_script"},
    {"check": "dialogue_script", "speakers": ["Milo", "milo"]},
    {"check": "dialogue_script", "speakers": ["Milo", "42"]},
    {"check": "dialogue_script", "speakers": ["Milo"], "min_lines": 0},
    {"check": "quoted_passages"},
    {"check": "quoted_passages", "min": 3, "max": 1},
    {"check": "opens_with_question", "max": 10},
    {"check": "opening_sentence_words"},
    {"check": "opening_sentence_words", "max": 0},
    {"check": "sorted_numbers"},
    {"check": "sorted_numbers", "order": "up"},
    {"check": "sorted_numbers", "order": "ascending", "prefix": " "},
    {"check": "mentions", "handles": ["@sara kim"]},
    {"check": "mentions", "handles": "@sara"},
    {"check": "label_sequence", "label": "Day"},
    {"check": "label_sequence", "label": "...", "n": 2},
    {"check": "label_sequence", "label": "Day", "n": 0},
    {"check": "metric_units", "min": 0},
    {"check": "metric_units", "units": ["g"]},
    {"check": "framed_list", "n": 3},
    {"check": "roman_numbered"},
    {"check": "roman_numbered", "n": 40},
    {"check": "emoji_openers", "n": 5},
    {"check": "section_bullets", "titles": ["Pros", "pros:"], "n": 2},
    {"check": "section_bullets", "titles": ["Pros"]},
    {"check": "section_bullets", "n": 2},
    {"check": "thread_numbering"},
    {"check": "thread_numbering", "n": 5, "max_chars": 0},
    {"check": "percent_total"},
    {"check": "percent_total", "total": "100"},
    {"check": "chronological"},
    {"check": "chronological", "min": 0},
    {"check": "temperature_pairs"},
    {"check": "temperature_pairs", "min": 1, "scale": "C"},
    {"check": "section_dividers"},
    {"check": "section_dividers", "n": 2, "max": 3},
    {"check": "multiple_choice", "n": 5},
    {"check": "multiple_choice", "n": 5, "options": 1},
    {"check": "multiple_choice", "n": 0, "options": 4},
    {"check": "footnotes"},
    {"check": "footnotes", "min": True},
    {"check": "ratings", "min": 2},
    {"check": "ratings", "scale": 0, "min": 1},
    {"check": "ratings", "scale": 10},
    {"check": "email_address", "min": 0},
    {"check": "email_address", "domain": "example.org"},
]


@pytest.mark.parametrize("c", BAD, ids=[f"{c['check']}-{i}" for i, c in enumerate(BAD)])
def test_bad_parameters_are_refused_whatever_the_answer(c):
    for text in ("", "Some answer.\nQ: a?\nA: b\n- 1/2 (x) $3 50% 9/10 [1]\nI. x\n2:00 pm\na@b.co"):
        with pytest.raises(S.BadCheck):
            S.check(c, text)
    with pytest.raises(S.BadCheck):
        S.GenericScorer().score({"id": "x", "kind": "constraints", "checks": [c]}, "An answer.")


def test_every_new_kind_has_a_bad_parameter_case():
    assert {c["check"] for c in BAD} == set(TEST6_CHECKS)


def test_the_new_kinds_take_garbage():
    for garbage in (
        "\n\n",
        "\x00\ud800",
        "[" * 500,
        "(" * 300,
        "Q: " * 300,
        "1/" * 400,
        "1. " * 400,
        "é" * 50,
    ):
        for c, _, _ in CASES:
            assert S.check(c, garbage) in (True, False)


# ------------------------------------------------------------------ function rows


def test_function_rows_shapes(by_id):
    rows = functions(by_id)
    for r in rows:
        assert_row_shape(r)
        assert f"{r['entry']}(" in r["request"], r["id"]  # the name and signature are stated
    assert len({r["entry"] for r in rows}) == len(rows)
    styles = Counter(style(r) for r in rows)
    assert styles == {"doctest": 4, "==": 4, "->": 4, "input/output": 4, "assert": 3, "prose": 3}


def test_every_reference_passes_its_hidden_tests(by_id):
    assert_references_pass(by_id)


def test_the_shown_examples_never_count(by_id):
    """An answer wrong on exactly the shown examples still scores 1; wrong on one hidden test, 0."""
    assert_shown_examples_never_count(by_id)


# ------------------------------------------------------------------ everyday rows


def test_everyday_rows_match_a_right_answer_only(by_id):
    right = {
        "x55": ("Two and a half hours is 9,000 seconds.", "Two and a half hours is 150 minutes."),
        "x56": ("Gold's symbol is Au.", "Gold's symbol is Ag."),
        "x57": ("$45 × 52 = $2,340.", "About $2,000."),
        "x58": ("The capital is Ottawa.", "The capital is Toronto."),
        "x59": ("A mile is 5,280 feet.", "A mile is 1,760 yards."),
        "x60": ("You need 750 g of pasta.", "You need 700 g of pasta."),
    }
    rows = [r for r in by_id.values() if r["kind"] == "everyday"]
    assert {r["id"] for r in rows} == set(right)
    scorer = S.GenericScorer()
    for rid, (good, bad) in right.items():
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the generator


def _before_test7(task):
    """data.jsonl as it was before the test7 to test18 rows were appended after test6's."""
    later = (
        '"split": "test7"',
        '"split": "test8"',
        '"split": "test9"',
        '"split": "test10"',
        '"split": "test11"',
        '"split": "test12"',
        '"split": "test13"',
        '"split": "test14"',
        '"split": "test15"',
        '"split": "test16"',
        '"split": "test17"',
        '"split": "test18"',
    )
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )


def test_data_jsonl_ends_with_the_generators_test6_rows(task):
    text = _before_test7(task)
    assert text.endswith(generic_test6.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test6"] * 60
    assert '"split": "test6"' not in text[: len(text) - len(generic_test6.render())]


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test7(task)
    older = original[: len(original) - len(generic_test6.render())]
    monkeypatch.setattr(generic_test6, "DATA", data)
    for start in (older, original, older + '{"id": "x99", "kind": "everyday", "split": "test6"}\n'):
        data.write_text(start)
        generic_test6.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test6 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test6.render() + rest)
    generic_rows.rewrite(data, generic_test6.SPLIT, generic_test6.render())
    assert data.read_text() == original
