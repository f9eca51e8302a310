"""The generic task's `test12` rows (q01-q60), written blind to the observers, before any tuning on them.

Written by someone who had not read engine/ (the observers and their tests), grammars/, docs/, the
README, the results, the commit history or any older generic row's request outside test11, before
any tuning on them: 32 constraint rows (28 use at least one of the check kinds added to the scorer
for them, TEST12_CHECKS in test12_kinds.py; 4 only older kinds), 22 "write this function" rows
(generic_test12_functions: doctest in a fenced docstring, `f(x) == y`, `f(x) -> y`, Input /
Output, `assert` lines, or prose with its examples in words; `shown` lists the tests the request
shows, which never count) and 6 everyday questions. **Do not read these requests or their outputs
while tuning**: a change made after looking at them spends this split.
`python -m selfrefine.tasks.tools.generic_test12` rewrites the test12 lines at the end of
tasks/generic/data.jsonl from rows() (every other line is kept byte for byte)."""

from __future__ import annotations

from selfrefine.tasks.tools import generic_rows
from selfrefine.tasks.tools.generic_rows import DATA
from selfrefine.tasks.tools.generic_rows import constraints as _c
from selfrefine.tasks.tools.generic_rows import everyday as _e
from selfrefine.tasks.tools.generic_test12_functions import FUNCTIONS

SPLIT = "test12"

_ORDERS = (
    "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, amount REAL, ordered_at TEXT);\n"
    "INSERT INTO orders (customer, amount, ordered_at) VALUES ('Alice', 80.0, '2027-01-05'), "
    "('Alice', 45.5, '2027-03-14'), ('Bob', 60.0, '2027-02-01'), ('Bob', 40.0, '2027-06-30'), "
    "('Chen', 250.0, '2026-12-31'), ('Chen', 99.99, '2027-01-02'), ('Dana', 300.0, '2027-11-20'), "
    "('Dana', 15.25, '2027-12-31'), ('Eve', 101.0, '2027-05-05'), ('Frank', 500.0, '2028-01-01');"
)
_STAFF = (
    "CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT NOT NULL, manager_id INTEGER);\n"
    "INSERT INTO employees VALUES (1, 'Grace', NULL), (2, 'Omar', 1), (3, 'Lena', 1), (4, 'Ivan', 2), "
    "(5, 'Bea', 2), (6, 'Theo', 3);"
)

# fmt: off
CONSTRAINTS = [
    _c(
        "Can you write me a docker-compose.yml for a WordPress blog I want to run on my home server? "
        "Two services called wordpress and db. wordpress uses the official wordpress image and should "
        "be reachable on port 8080 of the host (container port 80). db is mysql 8.0 and keeps its data "
        "in a named volume called db_data. Both should restart unless stopped.",
        {"check": "yaml_keys", "keys": ["services.wordpress.image", "services.wordpress.ports=8080:80",
                                       "services.db.image", "services.wordpress.restart=unless-stopped",
                                       "services.db.restart=unless-stopped", "volumes=db_data"]},
    ),
    _c(
        "I need a GitHub Actions workflow for my python repo. It should run on every push and every "
        "pull request, on ubuntu-latest with python 3.12, install the requirements.txt and then run "
        "pytest. one job is enough",
        {"check": "yaml_keys", "keys": ["on=push", "on=pull_request", "jobs.*.runs-on=ubuntu-latest",
                                       "jobs.*.steps"]},
        {"check": "include", "words": ["pytest", "requirements.txt"]},
    ),
    _c(
        "Write the package.json for a small Express API I'm starting. Name habit-api, version 1.0.0, "
        "private, main file src/index.js. Scripts: start runs node src/index.js, dev runs nodemon "
        "src/index.js and test runs jest. It depends on express and dotenv, and has nodemon and jest "
        "as dev dependencies (pick current versions).",
        {"check": "json_paths", "keys": ["name=habit-api", "version=1.0.0", "private=true",
                                        "main=src/index.js", "scripts.start=node src/index.js",
                                        "scripts.dev=nodemon src/index.js", "scripts.test=jest",
                                        "dependencies.express", "dependencies.dotenv",
                                        "devDependencies.nodemon", "devDependencies.jest"]},
    ),
    _c(
        "I have a SQLite table orders (id, customer, amount, ordered_at), where ordered_at is text like "
        "'2027-03-14'. I need a query that gives me each customer's total spend in 2027, but only the "
        "customers whose 2027 total is over 100, biggest spender first. Two columns please: the "
        "customer and the total.",
        {"check": "sql_query_result", "setup": _ORDERS,
         "rows": [["Dana", 315.25], ["Alice", 125.5], ["Eve", 101.0]]},
    ),
    _c(
        "sqlite question. table employees(id, name, manager_id), manager_id is the id of that "
        "person's manager and NULL for the CEO. I want a list of every employee's name next to their "
        "manager's name (so the CEO doesn't show up), sorted by the employee's name. Just the query.",
        {"check": "sql_query_result", "setup": _STAFF,
         "rows": [["Bea", "Omar"], ["Ivan", "Omar"], ["Lena", "Grace"], ["Omar", "Grace"], ["Theo", "Lena"]]},
    ),
    _c(
        "What's the curl command to create a todo through our API? It's a POST to "
        "https://api.example.com/v1/todos with a JSON body where title is \"Buy milk\" and done is "
        "false. It needs my token as an Authorization: Bearer header, just write TOKEN where the "
        "token goes.",
        {"check": "curl_command", "url": "https://api.example.com/v1/todos", "method": "POST",
         "headers": ["Authorization: Bearer", "Content-Type: application/json"],
         "json": {"title": "Buy milk", "done": False}},
    ),
    _c(
        "nginx config please. My notes app runs on node at localhost:3000 and I want notes.example.org "
        "to proxy everything to it, passing the Host and X-Real-IP headers along. Port 80 only for "
        "now, I'll run certbot afterwards.",
        {"check": "nginx_server", "server_name": "notes.example.org", "listen": 80,
         "proxy_pass": "http://localhost:3000", "headers": ["Host", "X-Real-IP"]},
    ),
    _c(
        "I'm tired of typing long ssh commands. Set up my ~/.ssh/config so that `ssh pi` connects to "
        "my raspberry pi at 192.168.1.50 as user pi on port 2222, and `ssh work` goes to "
        "work.example.com as jdoe using the key ~/.ssh/id_work.",
        {"check": "ssh_config_hosts", "hosts": {
            "pi": {"HostName": "192.168.1.50", "User": "pi", "Port": "2222"},
            "work": {"HostName": "work.example.com", "User": "jdoe", "IdentityFile": "~/.ssh/id_work"}}},
    ),
    _c(
        "Our emails keep landing in spam. What SPF TXT record should I put on the domain? We send "
        "through Google Workspace and Mailchimp (their include is servers.mcsv.net), and mail from "
        "anywhere else should hard fail.",
        {"check": "spf_record", "includes": ["_spf.google.com", "servers.mcsv.net"], "all": "-all"},
    ),
    _c(
        "Could you write a sitemap.xml for my portfolio site? The pages are https://janedoe.design/, "
        "https://janedoe.design/about, https://janedoe.design/work, "
        "https://janedoe.design/work/brand-refresh and https://janedoe.design/contact. Put 2027-02-01 "
        "as the lastmod on all of them.",
        {"check": "sitemap_urls", "urls": ["https://janedoe.design/", "https://janedoe.design/about",
                                          "https://janedoe.design/work",
                                          "https://janedoe.design/work/brand-refresh",
                                          "https://janedoe.design/contact"], "lastmod": "2027-02-01"},
    ),
    _c(
        "I need a simple 'done' icon for my to-do app as an SVG file: viewBox 0 0 24 24, a circle "
        "outline with a check mark inside it, drawn with stroke=\"currentColor\" and no fill so it "
        "picks up the text colour.",
        {"check": "svg_image", "viewbox": "0 0 24 24",
         "elements": ["circle|ellipse|path", "path|polyline|line"],
         "attrs": ["stroke=currentColor", "fill=none"]},
    ),
    _c(
        "Can you draw our login flow as a Mermaid sequence diagram for the wiki? The Browser sends the "
        "username and password to the API, the API asks the AuthService to check them, the "
        "AuthService returns a token to the API, and the API hands the token back to the Browser.",
        {"check": "mermaid_sequence", "messages": ["Browser>API", "API>AuthService", "AuthService>API",
                                                  "API>Browser"]},
    ),
    _c(
        "Make me a requirements.txt for a FastAPI project with fastapi, uvicorn, sqlalchemy and "
        "pydantic. Pin every package to an exact version with ==, recent versions are fine.",
        {"check": "requirements_pins", "packages": ["fastapi", "uvicorn", "sqlalchemy", "pydantic"]},
    ),
    _c(
        "When I share my blog posts on Facebook or X they show up with no picture. What meta tags "
        "should I add? This post is titled Ten Years of Sourdough, its URL is "
        "https://crumbnotes.blog/ten-years and the image is https://crumbnotes.blog/img/loaf.jpg. I'd "
        "like the big image card on X.",
        {"check": "open_graph_tags", "tags": {"og:title": "Ten Years of Sourdough",
                                              "og:url": "https://crumbnotes.blog/ten-years",
                                              "og:image": "https://crumbnotes.blog/img/loaf.jpg",
                                              "twitter:card": "summary_large_image"}},
    ),
    _c(
        "Our shop website needs the opening hours as a plain HTML table (no CSS). Monday to Friday "
        "9:00-18:00, Saturday 10:00-16:00, Sunday closed. One row per day, with a header row that "
        "says Day and Hours.",
        {"check": "html_table", "headers": ["Day", "Hours"], "rows": 7,
         "first_column": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]},
    ),
    _c(
        "Write the Install section of the README for my CLI tool, dataclean. Add a GitHub note "
        "callout (the > [!NOTE] kind) saying it needs Python 3.11 or newer, and a warning callout "
        "that the --force flag wipes the cache. Also link to the docs (https://docs.dataclean.dev) and "
        "to CHANGELOG.md. Our accessibility linter complains about links that just say 'here' or "
        "'click here', so don't do that.",
        {"check": "gfm_alerts", "types": ["NOTE", "WARNING"]},
        {"check": "descriptive_links", "min": 2},
    ),
    _c(
        "give me 6 random version 4 UUIDs for my test fixtures. one per line, nothing else",
        {"check": "uuids", "n": 6, "version": 4},
        {"check": "lines", "n": 6},
    ),
    _c(
        "I'm testing the card form on our checkout page and need 5 fake 16-digit card numbers that "
        "pass the Luhn check. Make them start with 4 like Visa numbers do. They don't need to be real "
        "cards, obviously.",
        {"check": "luhn_numbers", "n": 5, "digits": 16, "prefix": "4"},
    ),
    _c(
        "We're giving the 8 machines in our lab static IPs in 10.20.30.0/26. Pick 8 addresses for me, "
        "not the network or broadcast address and not 10.20.30.1 (that's the gateway). Just the "
        "addresses, one per line.",
        {"check": "ips_in_subnet", "cidr": "10.20.30.0/26", "n": 8, "exclude": ["10.20.30.1"]},
        {"check": "lines", "n": 8},
    ),
    _c(
        "Can you base64 encode this for a Kubernetes secret? The value is: staging-db-pass-42",
        {"check": "base64_text", "text": "staging-db-pass-42"},
    ),
    _c(
        "Our brand colours are #1E88E5, #FFC107, #43A047 and #E53935. I need them as rgb() values for "
        "the stylesheet, each next to its hex code.",
        {"check": "rgb_conversions", "colors": ["#1E88E5", "#FFC107", "#43A047", "#E53935"]},
    ),
    _c(
        "what are the notes of the E flat major scale? I'm learning it on the sax",
        {"check": "scale_notes", "tonic": "Eb", "mode": "major"},
    ),
    _c(
        "Our singer wants this song a whole step lower. Can you transpose the chords? Verse: G Em C D, "
        "chorus: Am C G D7",
        {"check": "transposed_chords", "chords": ["G", "Em", "C", "D", "Am", "C", "G", "D7"],
         "semitones": 10},
    ),
    _c(
        "Splitting the costs of our weekend away: Maya paid $240, Jon paid $90, Priya paid $30 and Sam "
        "paid nothing. We split everything equally between the four of us. Who needs to pay who, with "
        "as few payments as possible?",
        {"check": "settle_up", "paid": {"Maya": 240, "Jon": 90, "Priya": 30, "Sam": 0}, "max": 2},
    ),
    _c(
        "Bills this month: Ana paid the electricity (£84), Ben paid internet (£36) and gas (£60), "
        "Chloe paid water (£45). We split all of it three ways. Who owes who and how much?",
        {"check": "settle_up", "paid": {"Ana": 84, "Ben": 96, "Chloe": 45}},
    ),
    _c(
        "This pancake recipe serves 4 but I'm making breakfast for 10. Can you scale it? 200 g flour, "
        "2 eggs, 300 ml milk, 1 tbsp sugar, 25 g butter.",
        {"check": "scaled_amounts", "items": {"flour": 500, "egg": 5, "milk": 750, "sugar": 2.5,
                                              "butter": 62.5}, "tolerance": 0.05},
    ),
    _c(
        "Please halve this risotto recipe for me, it's just the two of us tonight: 3 cups chicken "
        "stock, 1 cup arborio rice, 60 g parmesan, 2 cloves garlic, 4 tbsp butter.",
        {"check": "scaled_amounts", "items": {"stock": 1.5, "rice": 0.5, "parmesan": 30, "garlic": 1,
                                              "butter": 2}, "tolerance": 0.05},
    ),
    _c(
        "Book club is in 12 days and I haven't started the book (384 pages). Give me a daily reading "
        "plan with the page ranges for each day, like Day 1: pages 1-32, roughly the same amount each "
        "day.",
        {"check": "reading_plan", "pages": 384, "days": 12, "spread": 4},
    ),
    _c(
        "Write a limerick about my cat who steals socks from the laundry basket. Just the five lines, no "
        "title.",
        {"check": "lines", "n": 5},
    ),
    _c(
        "Tweet announcing our bakery's new Sunday hours, 8am to 2pm starting this weekend. Keep it "
        "under 280 characters and add exactly two hashtags.",
        {"check": "chars", "max": 279},
        {"check": "hashtags", "n": 2},
    ),
    _c(
        "Packing list for a 3-day hike with two nights in a tent. 12 bullet points, just the items, no "
        "explanations.",
        {"check": "bullets", "n": 12},
    ),
    _c(
        "Write my out-of-office reply: I'm away until 14 July, and anything urgent should go to my "
        "colleague Sam at sam.ortiz@example.com. Under 60 words.",
        {"check": "words", "max": 59},
        {"check": "include", "words": ["sam.ortiz@example.com"]},
    ),
]

EVERYDAY = [
    _e("quick one: how many ounces in a pound?", number=16),
    _e("How many days are there in a leap year?", number=366),
    _e("Who wrote Pride and Prejudice?", any=["Austen"]),
    _e("My kid just asked me how many legs a spider has. What do I tell her?", number=8, any=["eight"]),
    _e("which ocean is the biggest one on earth?", any=["Pacific"]),
    _e("If one batch of cookies needs 3 eggs, how many eggs do I need for 4 batches?", number=12),
]
# fmt: on


def rows() -> list[dict]:
    """The 60 rows in file order, ids q01-q60: constraints, then functions, then everyday."""
    return generic_rows.numbered("q", SPLIT, CONSTRAINTS + FUNCTIONS + EVERYDAY)


def render() -> str:
    return generic_rows.render(rows())


def main() -> None:
    generic_rows.rewrite(DATA, SPLIT, render())
    print(f"wrote {len(rows())} {SPLIT} rows at the end of {DATA}")


if __name__ == "__main__":
    main()
