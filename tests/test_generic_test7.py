"""The generic task's test7 rows (y01-y60, written blind to the observers on 2026-12-06) and the
scorer parts written for them: the check kinds of TEST7_CHECKS (each on passing and failing
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
from selfrefine.tasks.generic.test7_kinds import TEST7_CHECKS
from selfrefine.tasks.tools import generic_rows, generic_test7
from tests.generic_split import (
    assert_references_pass,
    assert_row_shape,
    assert_shown_examples_never_count,
    functions,
    style,
)

# kinds with a table before test7 (the older ones are inline in scorer.check)
BEFORE = set(S.NEW_CHECKS) | set(TEST3_CHECKS) | set(TEST4_CHECKS) | set(TEST5_CHECKS) | set(TEST6_CHECKS)
INLINE = {
    "words", "sentences", "paragraphs", "lines", "each_line_starts", "paragraph_starts", "questions",
    "last_word", "chars", "bullets", "numbered", "include", "exclude", "exclude_chars", "uppercase",
    "lowercase", "json", "sections", "starts_with", "ends_with", "ends_with_question",
}  # fmt: skip


@pytest.fixture(scope="module")
def task():
    return registry.load("generic:test7")


@pytest.fixture(scope="module")
def by_id(task):
    return {r["id"]: r for r in task.rows()}


# ------------------------------------------------------------------ the rows


def test_the_test7_rows(task):
    rows = task.rows()
    assert [r["id"] for r in rows] == [f"y{i:02d}" for i in range(1, 61)]
    assert {r["split"] for r in rows} == {"test7"}
    assert Counter(r["kind"] for r in rows) == {"constraints": 32, "function": 22, "everyday": 6}
    assert rows == json.loads(json.dumps(generic_test7.rows()))
    every = registry.load("generic:all").rows()
    assert len({r["request"] for r in every}) == len(every)  # no request repeats an older one
    assert len({r["id"] for r in every}) == len(every)
    # test8 to test18 (tests/test_generic_test8.py ... _test18.py) follow test7 at the end of the file
    test8 = [r for r in every if r["split"] == "test8"]
    test9 = [r for r in every if r["split"] == "test9"]
    test10 = [r for r in every if r["split"] == "test10"]
    test11 = [r for r in every if r["split"] == "test11"]
    test12 = [r for r in every if r["split"] == "test12"]
    test13 = [r for r in every if r["split"] == "test13"]
    test14 = [r for r in every if r["split"] == "test14"]
    test15 = [r for r in every if r["split"] == "test15"]
    test16 = [r for r in every if r["split"] == "test16"]
    test17 = [r for r in every if r["split"] == "test17"]
    test18 = [r for r in every if r["split"] == "test18"]
    assert len(test8) == len(test9) == len(test10) == len(test11) == len(test12) == len(test13) == 60
    assert len(test14) == len(test15) == len(test16) == len(test17) == len(test18) == 60
    assert every[-720:-660] == rows
    later = test8 + test9 + test10 + test11 + test12 + test13 + test14 + test15 + test16 + test17 + test18
    assert every[-660:] == later


def test_constraint_rows_use_the_new_kinds(task):
    rows = [r for r in task.rows() if r["kind"] == "constraints"]
    assert all(1 <= len(r["checks"]) <= 3 for r in rows)
    uses = Counter(c["check"] for r in rows for c in r["checks"] if c["check"] in TEST7_CHECKS)
    assert set(uses) == set(TEST7_CHECKS) and all(1 <= n <= 3 for n in uses.values()), uses
    assert sum(any(c["check"] in TEST7_CHECKS for c in r["checks"]) for r in rows) == 28
    assert len(TEST7_CHECKS) >= 20
    assert not set(TEST7_CHECKS) & (BEFORE | INLINE)  # new names, none shadowing an older kind
    assert all(c["check"] in set(TEST7_CHECKS) | BEFORE | INLINE for r in rows for c in r["checks"])
    assert all(S._split_checks()[k] is f for k, f in TEST7_CHECKS.items())  # the scorer finds them
    for r in rows:
        S.GenericScorer().score(r, "")  # every kind known, every parameter valid


# ------------------------------------------------------------------ an answer meeting each row

ANSWERS = {
    "y01": "Subject: Heater in Unit 4B Not Working Since Monday\n\nDear Mr. Okafor,\n\nI'm writing to let "
    "you know that the heater in my apartment, unit 4B, has not worked since Monday. The nights have been "
    "very cold, and a small space heater is not enough to keep the place warm.\n\nCould you please arrange "
    "a repair this week? I'm happy to give access at any time that suits the technician, and you can "
    "reach me by phone or email.\n\nThank you for your help.\n\nBest regards,\nMaya Chen",
    "y02": "Hi team! Starting next week, our Monday check-in moves from 9:30 am ET to 11 am ET (New York "
    "time). For our Lisbon crew that's 4 pm Lisbon time, and for Denver it's 9 am MT. Calendar invites "
    "are already updated.",
    "y03": "1. Warm Cream #FFF4E0: page background\n2. Toasted Crust #C8814A: buttons and links\n"
    "3. Cocoa #5B3A29: headings and body text\n4. Berry Jam #B23A48: sale badges\n"
    "5. Butter Yellow #f2c14e: icons and small accents",
    "y04": "Two years ago I owed $18,000 across four credit cards on a teacher's salary.\n\nI listed every "
    "card by interest rate and threw every spare dollar at the highest one (the avalanche method). I "
    "tutored on weekends and put all of that money toward the debt, and we stopped eating out "
    "completely.\n\nLast month I paid off the final card.\n\n**TL;DR:** Teacher, $18k of card debt, "
    "avalanche method plus weekend tutoring, no eating out, debt-free in 24 months.",
    "y05": "1. A tackle box organizer: about $25\n2. A cast iron grill press: $20 to $30\n3. A box set of "
    "classic westerns on Blu-ray: around $35\n4. Polarized fishing sunglasses: $30-40\n5. A meat "
    "thermometer: about $18\n6. A personalized cutting board: $38\n7. A fishing hat with neck flap: "
    "$22\n8. A jar of gourmet barbecue rub: $12.99",
    "y06": "dog grooming Austin, dog groomer Austin TX, pet grooming Austin, mobile dog grooming Austin, "
    "dog bath Austin, puppy grooming Austin, cat and dog grooming Austin, affordable dog grooming, "
    "best dog groomer Austin, dog haircut Austin, nail trimming for dogs, de-shedding treatment, "
    "dog spa Austin, pet salon Austin TX, and grooming near me",
    "y07": "Dear Hiring Manager,\n\nWith a new degree in accounting and hands-on experience in accounts "
    "payable, my goal is to grow as a junior accountant at Brightwell & Co. During my internship at a "
    "car dealership, my days were spent matching invoices, processing vendor payments and reconciling "
    "statements at month end.\n\nThat work taught me to be precise and to ask questions early. "
    "Brightwell's reputation for mentoring young accountants is a big part of why this role appeals to "
    "me.\n\nThank you for considering my application. A conversation about how my skills could help "
    "your team would be welcome.\n\nSincerely,\nJordan Lee",
    "y08": "- Water the plant a day before you repot it.\n- Pick a pot one size bigger, with a drainage "
    "hole.\n- Slide the plant out and loosen the roots gently.\n  - Cut away any mushy roots.\n- Set it "
    "in fresh cactus mix at the same depth.\n- Wait a week before watering again.",
    "y09": "This season we are reading three novels that could not be more different: *Piranesi*, a "
    "strange and beautiful puzzle of a house with endless halls; *The Overstory*, a sweeping story "
    "about trees and the people who fight for them; and _Homegoing_, which follows two half-sisters and "
    "their descendants across three centuries.",
    "y10": "```csv\nday,breakfast,lunch,dinner\nMonday,Oatmeal with berries,Lentil soup,Veggie stir-fry\n"
    "Tuesday,Yogurt and granola,Caprese sandwich,Black bean tacos\nWednesday,Avocado toast,Greek salad,"
    "Mushroom risotto\nThursday,Smoothie bowl,Falafel wrap,Chickpea curry\nFriday,Peanut butter toast,"
    '"Pasta salad, olives",Margherita pizza\nSaturday,Pancakes,Tomato soup,Stuffed peppers\n'
    "Sunday,Veggie omelette,Quinoa bowl,Eggplant parmesan\n```",
    "y11": "- Saturday, March 6: run 1 minute, walk 2 minutes, eight times.\n- Saturday, March 13: run 2 "
    "minutes, walk 2 minutes, six times.\n- Saturday, March 20: run 3 minutes, walk 1 minute, six times."
    "\n- Saturday, March 27: run 10 minutes without stopping, twice.",
    "y12": "Can you build a solid home gym for under $500? Here's exactly what I bought.\n\n0:00 Intro\n"
    "1:10 Setting a budget\n3:25 Adjustable dumbbells\n6:40 Bench and pull-up bar\n9:15 Flooring\n"
    "12:30 Final tour\n\n#homegym #budgetfitness #garagegym",
    "y13": "Robotics Team Wins Regional Championship\nBy Dana Whitfield\n\nOur robotics team took first "
    "place at the regional championship last Saturday. The robot, built over twelve weeks, scored the "
    "most points in the final round.",
    "y14": "Part-Time Barista Wanted\n\nWe are looking for a friendly barista for weekend shifts at our "
    "coffee shop. The pay is $17 an hour. Some experience is preferred, but the right person will get "
    "full training.\n\nYou will pull espresso, steam milk and keep the counter tidy. The ideal "
    "candidate is reliable and enjoys talking with regulars. Send us your availability and a few lines "
    "about yourself.",
    "y15": "We are three brothers who have run this bike repair shop together since 2012. What started as "
    "fixing flats for neighbors in our garage grew into the shop you see today. We fix everything, from "
    "training wheels on a first kids' bike to batteries and motors on the newest e-bikes. Our promise "
    "is simple: honest prices, quick turnaround and a clear explanation of what we did and why. Stop by "
    "with any bike, any problem, and we will get you riding again.",
    "y16": "Lemonade Stand Menu\n- Classic lemonade: $1.50\n- Pink lemonade: $1.75\n- Iced tea: $1.25\n"
    "- Chocolate chip cookie: $1.00\n- Brownie: $2.00\n- Combo (drink + cookie): $2.25",
    "y17": "1. Overall satisfaction: 87.5% satisfied\n2. Ease of ordering: 91.2% satisfied\n3. Delivery "
    "speed: 78.4% satisfied\n4. Customer support: 82.0% satisfied\n5. Value for money: 74.9% satisfied",
    "y18": "An SSD (solid-state drive) is where the laptop keeps your photos, documents and programs, "
    "even when it is turned off. It has no moving parts, so it is fast and quiet.\n\nRAM, which stands "
    "for random access memory, is the laptop's short-term memory. It holds whatever you are working on "
    "right now. More RAM lets you keep more things open at once without the laptop slowing down.",
    "y19": "EMERGENCY CONTACTS\n- Jess (Mom): (555) 201-4432\n- Tom (Dad): (555) 201-7789\n"
    "- Grandma Lu: (555) 310-5521\n- Dr. Patel's office: (555) 402-1100\n- Carl (neighbor): "
    "(555) 219-0067\nIn an emergency, call 911 first.",
    "y20": "CW: pet loss\n\nLast week we said goodbye to our sweet Biscuit. He was 14 and spent every one "
    "of those years making our house a home.\n\nThank you to everyone who texted, called or dropped by. "
    "Your kindness meant more than we can say.",
    "y21": "Listen up, team. You have worked so hard all season, and today is your day. Play for each "
    'other, run for every ball and have fun out there. "The harder the battle, the sweeter the '
    "victory.\" — Les Brown. Win or lose, I am proud of every one of you. Now let's go!",
    "y22": "Some personal news: next month I'm starting a new role as a Data Analyst at Northwind "
    "Health. I'm grateful to everyone who supported me along the way and excited to help turn health "
    "data into better care.\n\n#DataAnalytics #NewJob",
    "y23": "Vegetarian Black Bean Chili\nServes 6\n\nIngredients: 2 tbsp olive oil, 1 onion, 3 garlic "
    "cloves, 2 bell peppers, 3 cans black beans, 1 can crushed tomatoes, 2 tbsp chili powder, 1 tsp "
    "cumin, salt.\n\n1. Cook the onion, garlic and peppers in the oil for 8 minutes.\n2. Add the spices, "
    "beans and tomatoes.\n3. Simmer for 30 minutes and season to taste.",
    "y24": "Meet your new favorite morning ritual. Each stoneware mug is shaped by hand and finished in a "
    "soft speckled glaze, so no two are exactly alike. It holds a generous 12 oz of coffee or tea, sits "
    "comfortably in the hand and goes straight into the dishwasher when you are done. Quietly beautiful "
    "and made to be used every single day. Bring one home!",
    "y25": "You're invited to the online launch of The Salt Road!\n\nJoin us on Thursday, June 10, 2027 "
    "at 7 pm London time (BST). For readers in the US, that's 2 pm ET and 11 am PT. Bring your "
    "questions for a live reading and Q&A.",
    "y26": "Episode 14: Growing Tomatoes in Containers\n\n00:00 Welcome and garden news\n03:15 Choosing "
    "the right container\n11:40 Soil and fertilizer\n22:05 Watering and staking\n34:50 Listener "
    "questions",
    "y27": "name,hex\nSage,#9CAF88\nEucalyptus,#5F7161\nIvory,#FFFFF0\nBlush,#E8C4C0",
    "y28": "Green Acres Mowing: a neat lawn without lifting a finger. Weekly or every-other-week service, "
    "always on time. Call 555-867-5309 for a free quote.",
    "y29": "\n".join(
        f"- [ ] {item}"
        for item in (
            "Backpack",
            "Tent",
            "Sleeping bag",
            "Sleeping pad",
            "Water filter",
            "Stove and fuel",
            "Food for 3 days",
            "Rain jacket",
            "Warm layer",
            "Headlamp",
            "First aid kit",
            "Map and compass",
        )
    ),
    "y30": "Every candle in this shop is hand-poured in small batches in my Vermont kitchen, using pure "
    "beeswax and cotton wicks.\n\nI started during the pandemic, when a quiet evening with a candle "
    "felt like a small luxury. Beeswax burns clean and smells faintly of honey.",
    "y31": "My cat has a habit that shocks:\nHe steals all my freshly washed socks.\nHe drags them "
    "upstairs,\nHides them under the chairs,\nThen naps on the pile by the clocks.",
    "y32": "Hey Priya! Any chance you could cover my Saturday closing shift? I have a family thing "
    "that day. Happy to take one of yours in return. Would that work for you?",
}


def test_every_constraint_row_has_a_passing_answer(by_id):
    rows = [r for r in by_id.values() if r["kind"] == "constraints"]
    assert set(ANSWERS) == {r["id"] for r in rows}
    scorer = S.GenericScorer()
    failed = {rid: scorer.score(by_id[rid], text)["failed"] for rid, text in ANSWERS.items()}
    assert {rid: f for rid, f in failed.items() if f} == {}


def test_partial_counts_the_checks_met(by_id):
    got = S.GenericScorer().score(by_id["y20"], ANSWERS["y20"].replace("say.", "say!"))
    assert got["score"] == 0.0 and got["partial"] == 0.5 and got["failed"] == ["exclamation_marks"]


# ------------------------------------------------------------------ each new kind: pass, fail

CASES = [  # (check, an answer meeting it, an answer missing it)
    (
        {"check": "subject_line"},
        "Here's a draft:\n\n**Subject:** Broken heater in 4B\n\nDear Mr. Okafor,",
        "Broken heater in 4B\n\nDear Mr. Okafor, the subject is the heater.",
    ),
    ({"check": "subject_line", "max_words": 4}, "Subject line: Heater still broken\nHi", "Subject: \nHi"),
    ({"check": "subject_line", "max_words": 2}, "SUBJECT: Heater\n\nHi.", "Subject: The heater in 4B\n\nHi."),
    ({"check": "subject_line"}, "Subject: Heater\nDear Sam,", "Subject: Heater"),
    (
        {"check": "greeting_name", "name": "Okafor"},
        "Subject: Heater\n\n**Dear Mr. Okafor,**\n\nThe heater is broken.",
        "Subject: Heater\n\nDear Sir,\n\nMr. Okafor, the heater is broken.",
    ),
    (
        {"check": "greeting_name", "name": "Ms. Alvarez"},
        "Hello! Here's the note:\nGood morning Ms. Alvarez,\nThanks.",
        "Thank you so much.\nIt was great.\nAll the best.\nTake care.\nHi Ms. Alvarez,",
    ),
    ({"check": "exclamation_marks", "max": 1}, "A calm, lovely mug!", "Wow! A mug!"),
    ({"check": "exclamation_marks", "n": 0}, "We miss him.", "We miss him！"),
    ({"check": "exclamation_marks", "min": 2}, "Go! Team!", "Go team!"),
    (
        {"check": "hex_colors", "n": 3},
        "Cream #FFF4E0, cocoa #5b3a29, white #fff, cream again #fff4e0.",
        "Cream #FFF4E0, cocoa #5B3A29, #1234 and &#123; and #fff4e0 again.",
    ),
    ({"check": "hex_colors", "min": 1, "max": 2}, "Use #abc.", "Use #abc, #def and #0f0."),
    (
        {"check": "tldr_last", "max_words": 6},
        "I paid off my cards.\n\nIt took two years.\n\n**TL;DR:** Paid off $18k in two years.",
        "TL;DR: Paid off $18k in two years.\n\nI paid off my cards.",
    ),
    (
        {"check": "tldr_last"},
        "Long story.\n\ntldr -\nsaved hard, paid it all",
        "Long story.\n\nTL;DR:\n\nSaved hard.",
    ),
    (
        {"check": "tldr_last", "max_words": 3},
        "Story.\n\nTLDR: saved, paid, done",
        "Story.\n\nTL;DR: saved a lot, paid",
    ),
    (
        {"check": "time_zones", "min": 2},
        "The check-in moves from 9:30 am to 11 am ET (4 pm in Lisbon, 9 am Denver time).",
        "The check-in moves from 9:30 am ET to 11 am. See you Monday.",
    ),
    (
        {"check": "time_zones", "min": 2},
        "Lisbon: 4:30 pm\nNew York: 11:30 am\nMeet at 11 a.m. ET.",
        "Meet on Monday 11:30 am, or at noon Tuesday.",
    ),
    ({"check": "time_zones"}, "Starts 14:00 UTC+2.", "Starts at 14:00. Bring snacks."),
    ({"check": "time_zones", "min": 2}, "7 pm BST, 2 pm EDT", "7 pm BST"),
    ({"check": "time_zones"}, "That's 4pm for our Lisbon folks.", "That's 4pm for us."),
    (
        {"check": "price_cap", "max": 40, "min": 3},
        "- Rod: $25\n- Apron: $15-20\n- Book: about $12.99\n- For his 60th!",
        "- Rod: $25\n- Apron: $15-$45\n- Book: about $12.99",
    ),
    ({"check": "price_cap", "max": 40, "min": 2}, "A hat for $40 and a book for $9.", "A hat for $40."),
    ({"check": "price_cap", "max": 40.5}, "A hat: €40.50", "A hat: $1,200 and a pin: $5"),
    (
        {"check": "comma_list", "n": 4},
        "Here you go: dog grooming Austin, pet spa, dog bath, and nail trim.",
        "dog grooming Austin, pet spa\ndog bath, nail trim",
    ),
    (
        {"check": "comma_list", "min": 3, "max": 4},
        "Mochi, Pepper, Smokey",
        "- Mochi, Pepper, Smokey",
    ),
    (
        {"check": "comma_list", "n": 3},
        "Ash, Storm, Pebble.",
        "Ash, Storm, a very long name for a kitten that goes on",
    ),
    (
        {"check": "avoid_openers", "words": ["I"]},
        "Dear Ms. Lee,\n\nMy internship taught me a lot. As a graduate, I am ready.\n- Skilled in Excel.",
        "Dear Ms. Lee,\n\nMy internship taught me a lot. I’m ready.",
    ),
    ({"check": "avoid_openers", "words": ["So", "Also"]}, "Sophie also came.", "We came.\n- also Sophie"),
    (
        {"check": "bullet_marker", "marker": "-"},
        "Steps:\n- Water\n- Lift\n  - gently\n1. Done",
        "Steps:\n- Water\n* Lift",
    ),
    ({"check": "bullet_marker", "marker": "*", "min": 2}, "* a\n* b\n**bold** line", "* a\nb"),
    ({"check": "bullet_marker", "marker": "•"}, "• a", "Just prose - no list."),
    (
        {"check": "italicized", "phrases": ["Piranesi", "The Overstory"]},
        "Read *Piranesi* and _The Overstory_ and **x**.",
        "Read **Piranesi** and *The Overstory*.",
    ),
    (
        {"check": "italicized", "phrases": ["Homegoing"]},
        "***Homegoing*** or <em>Homegoing</em>",
        "Home_going_ and snake_homegoing_case * Homegoing *",
    ),
    (
        {"check": "csv_rows", "columns": ["day", "breakfast"], "n": 2},
        'Here it is:\n```csv\nDay, Breakfast\nMonday,"Oats, berries"\nTuesday,Toast\n```\nEnjoy.',
        "Day,Breakfast\nMonday,Oats, berries\nTuesday,Toast",
    ),
    (
        {"check": "csv_rows", "columns": ["name", "hex"], "min": 2},
        "name,hex\nSage,#9CAF88\nIvory,#FFFFF0\n\nThat's it.",
        "| name | hex |\n|---|---|\n| Sage | #9CAF88 |\n| Ivory | #FFFFF0 |",
    ),
    ({"check": "csv_rows", "columns": ["a", "b"], "max": 1}, "a,b\n1,2", "a,b\n1,2\n3,4"),
    (
        {"check": "weekday_dates", "year": 2027, "min": 3},
        "- Saturday, March 6: 2 km\n- Sat 13 March 2027: 3 km\n- March 20 (Saturday): 4 km",
        "- Saturday, March 6: 2 km\n- Saturday, March 14: 3 km\n- Saturday, March 20: 4 km",
    ),
    (
        {"check": "weekday_dates", "year": 2027},
        "On Thursday, June 10, 2027 at 7 pm.",
        "On June 10, 2027 at 7 pm.",
    ),
    ({"check": "weekday_dates", "year": 2026}, "Fri the 4th of December 2026", "Friday, February 30"),
    (
        {"check": "video_chapters", "min": 4},
        "Chapters:\n0:00 Intro\n1:15 - The rack\nBench – 2:30\n**12:40** Wrap up",
        "Chapters:\n0:00 Intro\n1:15 - Rack\n**12:40** Wrap up\nBudget (2:00)",
    ),
    (
        {"check": "video_chapters", "n": 3},
        "00:00 Welcome\n03:15-11:40 Containers\n1:02:05 Questions",
        "00:15 Welcome\n03:15 Containers\n11:40 Questions",
    ),
    ({"check": "video_chapters", "min": 1}, "- [0:00] Intro", "0:00\n1:00 Next"),
    (
        {"check": "byline", "name": "Dana Whitfield"},
        "# Robots Win\n*By Dana Whitfield*\n\nText.",
        "# Robots Win\n\nText by Dana Whitfield.",
    ),
    ({"check": "byline"}, "Robots Win\nWritten by Dana, grade 8\nText.", "Robots Win\nBy the way, we won."),
    (
        {"check": "byline", "name": "Dana"},
        "By the river\nByline: Dana Whitfield\nText",
        "Robots\nBy Sam Hill\nText by Dana",
    ),
    ({"check": "gender_neutral"}, "They'll love it. The barista brings their skills.", "He’ll love it."),
    ({"check": "gender_neutral"}, "The hero of the shop.", "Each barista knows his or her regulars."),
    (
        {"check": "we_voice", "min": 2},
        'We fix bikes. Our shop is family run. "I love this place" - Jo',
        "We fix bikes. Our shop is my pride.",
    ),
    ({"check": "we_voice"}, "We’re open late.", "I'm open late."),
    (
        {"check": "decimal_places", "places": 2, "scope": "money", "min": 2},
        "Lemonade $1.50. Cookies $2.00.",
        "Lemonade $1.50. Cookies $2.",
    ),
    (
        {"check": "decimal_places", "places": 1, "scope": "percent", "min": 2},
        "87.5% and 12.0 % in 2026",
        "87.5% and 12%",
    ),
    (
        {"check": "decimal_places", "places": 1, "scope": "all"},
        "It grew 3.5 times in 12 weeks.",
        "It grew 3.52 times, then 1.5 more.",
    ),
    (
        {"check": "expanded_acronyms", "acronyms": ["SSD", "RAM"]},
        "An SSD (solid-state drive) stores files. RAM is short-term memory. It stands for random "
        "access memory.",
        "An SSD stores files fast. RAM helps too. RAM means random access memory, SSD solid state drive.",
    ),
    (
        {"check": "expanded_acronyms", "acronyms": ["CTR"]},
        "Your click-through rate (CTR) matters.",
        "Your CTRs matter.",
    ),
    (
        {"check": "phone_numbers", "format": "(NNN) NNN-NNNN", "min": 2},
        "Mom: (555) 123-4567\nDad: +1 (555) 765-4321\nCall 911.",
        "Mom: (555) 123-4567\nDad: 555-765-4321",
    ),
    (
        {"check": "phone_numbers", "format": "NNN-NNN-NNNN"},
        "Call 555-867-5309 today.",
        "Call 555 867 5309 today.",
    ),
    ({"check": "phone_numbers", "format": "NNN.NNN.NNNN"}, "Tel 555.867.5309", "Tel 867.5309 or 5558675309"),
    (
        {"check": "content_warning"},
        "⚠️ CW: pet loss\n\nLast week we said goodbye.",
        "Last week we said goodbye.\nIt hurt.\nCW: pet loss",
    ),
    (
        {"check": "content_warning"},
        "[Content warning: pet loss] Biscuit died last week. We miss him.",
        "Twenty years with Biscuit.\nTW is short for trigger warning.",
    ),
    ({"check": "content_warning"}, "Here's your post:\n**TW // grief**\nWe lost Biscuit.", "CW: grief"),
    (
        {"check": "attributed_quote"},
        'Remember: "You miss 100% of the shots you don\'t take." — Wayne Gretzky',
        'Remember: "You miss the shots you don\'t take." Go team!',
    ),
    ({"check": "attributed_quote"}, "As Mia Hamm once said, “I am building a fire.”", "She said “go team”."),
    (
        {"check": "attributed_quote", "min": 2},
        '"Hard work beats talent." (Tim Notke)\n"Never give up, ever.", said Pele.',
        '"Hard work beats talent." (Tim Notke)\n"Never give up, ever." said nobody.',
    ),
    (
        {"check": "attributed_quote"},
        "> Hard work beats talent when talent doesn't work hard.\n> — Tim Notke",
        "> Hard work beats talent when talent doesn't work hard.\n\nSo go.",
    ),
    ({"check": "no_urls"}, "Email me at jo@northwind.com. Node.js fan.", "See northwind.com/careers"),
    ({"check": "no_urls"}, "Brightwell & Co. is great.", "Visit https://x.org or www.example.net"),
    ({"check": "servings", "n": 6}, "**Servings:** 6\n\nIngredients", "Serves 4. Cook for 6 minutes."),
    ({"check": "servings", "n": 6}, "Makes six bowls", "Serves 12"),
    ({"check": "servings", "n": 4}, "Enough for 4 people", "4 cups of beans"),
]


@pytest.mark.parametrize("c, good, bad", CASES)
def test_each_new_kind_on_a_passing_and_a_failing_answer(c, good, bad):
    assert S.check(c, good) is True
    assert S.check(c, bad) is False
    assert S.check(c, "") is False and S.check(c, "   \n ") is False


def test_every_new_kind_has_cases():
    assert {c["check"] for c, _, _ in CASES} == set(TEST7_CHECKS)


BAD = [
    {"check": "subject_line", "max_words": 0},
    {"check": "subject_line", "words": 5},
    {"check": "greeting_name"},
    {"check": "greeting_name", "name": " "},
    {"check": "exclamation_marks"},
    {"check": "exclamation_marks", "min": 2, "max": 1},
    {"check": "hex_colors"},
    {"check": "hex_colors", "n": "5"},
    {"check": "tldr_last", "max_words": 0},
    {"check": "tldr_last", "position": "top"},
    {"check": "time_zones", "min": 0},
    {"check": "time_zones", "zones": ["ET"]},
    {"check": "price_cap"},
    {"check": "price_cap", "max": -5.0},
    {"check": "price_cap", "max": True},
    {"check": "comma_list"},
    {"check": "comma_list", "n": 3, "min": 1},
    {"check": "avoid_openers"},
    {"check": "avoid_openers", "words": []},
    {"check": "avoid_openers", "words": "I"},
    {"check": "bullet_marker"},
    {"check": "bullet_marker", "marker": "1."},
    {"check": "bullet_marker", "marker": "-", "min": 0},
    {"check": "italicized"},
    {"check": "italicized", "phrases": ["Piranesi", ""]},
    {"check": "csv_rows", "columns": ["day"]},
    {"check": "csv_rows", "n": 7},
    {"check": "weekday_dates"},
    {"check": "weekday_dates", "year": 27},
    {"check": "weekday_dates", "year": 2027, "min": 0},
    {"check": "video_chapters"},
    {"check": "video_chapters", "n": -1},
    {"check": "byline", "name": 5},
    {"check": "byline", "under": "title"},
    {"check": "gender_neutral", "min": 1},
    {"check": "we_voice", "min": 0},
    {"check": "we_voice", "max": 3},
    {"check": "decimal_places", "places": 2},
    {"check": "decimal_places", "places": 2, "scope": "prices"},
    {"check": "decimal_places", "places": 9, "scope": "all"},
    {"check": "expanded_acronyms"},
    {"check": "expanded_acronyms", "acronyms": ["S.S.D."]},
    {"check": "phone_numbers"},
    {"check": "phone_numbers", "format": "NNN NNNN"},
    {"check": "content_warning", "topic": "grief"},
    {"check": "attributed_quote", "min": 0},
    {"check": "attributed_quote", "author": "Pele"},
    {"check": "no_urls", "n": 0},
    {"check": "servings"},
    {"check": "servings", "n": 0},
]


@pytest.mark.parametrize("c", BAD, ids=[f"{c['check']}-{i}" for i, c in enumerate(BAD)])
def test_bad_parameters_are_refused_whatever_the_answer(c):
    for text in (
        "",
        "Subject: x\nHi Sam!\n- a, b, c\n#fff $5 12.5% 0:00 Intro\nBy Dana\nCW: x\n(555) 123-4567",
    ):
        with pytest.raises(S.BadCheck):
            S.check(c, text)
    with pytest.raises(S.BadCheck):
        S.GenericScorer().score({"id": "x", "kind": "constraints", "checks": [c]}, "An answer.")


def test_every_new_kind_has_a_bad_parameter_case():
    assert {c["check"] for c in BAD} == set(TEST7_CHECKS)


def test_the_new_kinds_take_garbage():
    for garbage in (
        "\n\n",
        "\x00\ud800",
        "[" * 500,
        "*" * 300,
        '"' * 301,
        "0:00 " * 300,
        "$" * 400 + "1" * 400,
        "Saturday, March " * 200,
        "a, " * 500,
        "é" * 50,
    ):
        for c, _, _ in CASES:
            assert S.check(c, garbage) in (True, False)


# ------------------------------------------------------------------ function rows


def test_function_rows_shapes(by_id):
    rows = functions(by_id)
    for r in rows:
        assert_row_shape(r)
        for i in r["shown"]:  # and so is its expected value, as the reference gives it
            want = r["tests"][i]["expect"]
            shapes = {repr(want), repr(tuple(want))} if isinstance(want, list) else {repr(want)}
            assert any(s in r["request"] for s in shapes), (r["id"], i)
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
        "y55": ("A week has 10,080 minutes.", "A week has 168 hours."),
        "y56": ("Sodium's symbol is Na.", "Sodium's symbol is So."),
        "y57": ("$35 × 18 = $630.", "About $600."),
        "y58": ("Jupiter is the largest.", "Saturn is the largest."),
        "y59": ("A leap year has 366 days.", "A leap year has 365 days plus a quarter."),
        "y60": ("A 5K is about 3.1 miles.", "A 5K is 5 kilometers, about 2.5 miles."),
    }
    rows = [r for r in by_id.values() if r["kind"] == "everyday"]
    assert {r["id"] for r in rows} == set(right)
    scorer = S.GenericScorer()
    for rid, (good, bad) in right.items():
        assert scorer.score(by_id[rid], good)["score"] == 1.0, rid
        assert scorer.score(by_id[rid], bad)["score"] == 0.0, rid


# ------------------------------------------------------------------ the generator


def _before_test8(task):
    """data.jsonl as it was before the test8 to test18 rows were appended after test7's."""
    later = (
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
    later = tuple(f'"split": "{s}"' for s in later)
    return "".join(
        ln for ln in task.data_path.read_text().splitlines(True) if not any(s in ln for s in later)
    )


def test_data_jsonl_ends_with_the_generators_test7_rows(task):
    text = _before_test8(task)
    assert text.endswith(generic_test7.render())
    tail = text.splitlines()[-60:]
    assert [json.loads(ln)["split"] for ln in tail] == ["test7"] * 60
    assert '"split": "test7"' not in text[: len(text) - len(generic_test7.render())]


def test_the_generator_keeps_every_other_line(task, tmp_path, monkeypatch):
    data = tmp_path / "data.jsonl"
    original = _before_test8(task)
    older = original[: len(original) - len(generic_test7.render())]
    monkeypatch.setattr(generic_test7, "DATA", data)
    for start in (older, original, older + '{"id": "y99", "kind": "everyday", "split": "test7"}\n'):
        data.write_text(start)
        generic_test7.main()
        assert data.read_text() == original
    first, rest = older.split("\n", 1)  # a test7 line out of place is dropped, the rows written once
    data.write_text(first + "\n" + generic_test7.render() + rest)
    generic_rows.rewrite(data, generic_test7.SPLIT, generic_test7.render())
    assert data.read_text() == original
