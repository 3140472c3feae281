"""Build the Empire of the Sun map (``data/map.json``) from the third-party map transcription.

Usage (from the repository root)::

    .venv/bin/python tools/eots_build_map.py [FACTS] [--out MAP_JSON]

``FACTS`` defaults to ``../shared/reference/empire-of-the-sun/map-facts.json`` (relative to the
repository root's parent, i.e. ``/work/shared/...``); ``--out`` defaults to
``src/wargame/games/empire_of_the_sun/data/map.json``. The output follows the ``MapFile`` schema
of ``wargame.games.empire_of_the_sun.static``. Only the standard library is used. The build is
deterministic: sorted ids, sorted keys, one record per line, no timestamps; ``source`` records the
input's sha256 and ``build`` the command. Only facts are taken from the input (ids, names, terrain,
features, hexside bits, hex lists); every decision below is ours.

Grid
    Ids are ``CCRR``, columns 10-60, rows 00-28, flat-topped odd-q (odd columns half a hex
    lower); side order N, NE, SE, S, SW, NW, as in the source and in ``HexGrid``. Every one of
    the 1,479 grid positions becomes a hex except **2608**, which the source lists as "only
    playable in the Burma scenario": it is dropped, so the file has 1,478 hexes. A grid position
    with no source record is open ocean (source rule) and is written as ``{"id", "terrain"}``.

Records
    * Repeated ids: the later record wins, as the source itself loads them. **3800** is a Sakhalin
      land hex first and an ocean hex later, so it is ocean; **4100** differs between its copies
      (the later edges win); 3900 and 4300 are exact repeats.
    * Names: source typos fixed after the spec's gazetteer (§8): Dimasur -> Dimapur 2005, Jarhat ->
      Jorhat 2104, Imphal -> Imphal-Kohima 2105 (12.6), Leyte -> Samar/Leyte 3014, Kynshu ->
      Kyushu 3307, Motorai -> Morotai 3017, Sarong -> Sorong 3119, Moumea -> Noumea 4828, Samoe ->
      Samoa 5823, Pentacost -> Pentecost 4925; also Baka -> Buka 4221 (Buka Island, beside
      Bougainville) and D`Entrecasteaux -> D'Entrecasteaux 4023. Names the gazetteer gives for
      hexes the table leaves unnamed: Clark Field 2812, Aparri 2911, West Honshu 3606 (a source
      constant) and French Frigate Shoals 5508 (a source constant; the hex stays open ocean).
    * ``name_ja`` for every named hex: the seed's spelling where the Japanese rulebook names the
      place (e.g. スラバヤ, サマール/レイテ, ウェーキ島, 永寧, 昆明), otherwise the usual Japanese
      exonym of the period (e.g. 奉天 for Mukden, 京城 for Seoul, 台北 for Taihoku).
    * ``airfield`` as the table has it: Harbin 3302 and Mukden 3303 have theirs commented out in
      the source, so they have none (noted on the hexes).
    * ``resource``: the table's 14 hexes, which are exactly the 14 of rule 11.11.

Hexsides (one record per adjacent pair of playable hexes, ``a`` < ``b``)
    A source side is a bit set: 1 water, 2 ground, 4 road, 8 unplayable water, 16 unplayable
    land. The source adds 8 to every side with bit 1 and 16 to every side with bit 2 when it
    builds its map, so 8/16 read as "present" and 1/2 as "crossable". Flags: ``sea`` = bit 1;
    ``land`` = bit 2 or 4 (a road is also ground, source rule); ``route`` = bit 4;
    ``unplayable_sea`` = bit 8 without bit 1; ``impassable_land`` = bit 16 without bits 2/4.
    So 17 = sea + impassable_land, 24 = unplayable_sea + impassable_land, and 18/19 = 2/3.
    A side missing from a record takes the neighbour's opposite entry; if both lack it, water for
    ocean, atoll and island hexes, ground for other land (source rule). A pair of playable hexes
    with no crossing and no feature has no record, nor does any side leading off the map.
    Side corrections (each listed in ``SIDE_FIXES`` with its reason):
    * The ten pairs whose two ends disagree take the value of the second copy of the table
      (``other_copy``), which makes both ends agree: 2108 S = 5, 2312 NW = 3, 3302 S = 4,
      3900 SW = 8, 2913 S = 1, 2625 NW = 17, 3023 SE / 3123 NW = 3, 3320 N = 24, 4100 NE = 0.
      Exception: 3801 N / 3800 S become 1 (sea), not the other copy's 3, because 3800 is ocean
      here and ground may not lead into the ocean.
    * Three more other-copy edits stop ground leading into unlisted ocean and are taken too:
      2312 SW = 1 (to 2213), 2625 N = 17 (to 2624), 3804 S = 17 (to 3805).
    * The two ground sides facing unlisted ocean (2925 SE, 3226 SW) become 0 as in the other copy,
      and so does 3025 S (water into the same unlisted 3026; both copies' South Pacific set-ups
      close it): the three unlisted hexes south of Australia's map edge are not sea.
    * The other copy's remaining edits are not taken: they add only "present" bits to crossable
      ground sides (3104, 3204, 2618, 2717, 2718, 3922, 3923), or would open the Korea Strait side
      Pusan 3306 / Kure 3407 (24 here on both ends).
    Route sides are kept as the table has them, including the Kwai route Rangoon 2008 - 2108 -
    2109 - 2010 - Bangkok 2110, which opens only with Japanese card #18 (17.35; noted on 2108 and
    2109), and the roads through Jorhat, Imphal and Ledo that the later edition builds by events;
    without them no route joins Kunming to Madras (12.76). Sides towards 2608 are map border.

Playable area
    The playable hexes are those reached from Tokyo 3706 across sides with a crossable bit
    (1, 2 or 4). That is every source record; the rest (338 hexes: unhexed India, Tibet, China,
    Siberia, Australia and the corners cut off the odd-q edges) get the area ``off_map`` and no
    hexsides. Unplayable-water sides from a playable hex towards them (3125-3026, 4727-4728,
    4828-4728, 4828-4928) are map border.

Allied ultimate supply sources (13.2: "every east, south and west map-edge hex")
    Derived: a playable hex is a source if one of its sides leads off the map to the west
    (column < 10), east (column > 60) or south (row > 28), or into an off-map block of hexes
    that reaches the grid's west, east or south border but not its north border. Blocks that
    reach the north border (unhexed Asia and India; the north-east corner) are the north edge.
    The source's own flags differ: its rule "all of column 10 / column 60" also covers 32
    off-map hexes; it flags 1103, 1204, 1303 (north edge of the Arabian Sea strip, below unhexed
    India); it does not flag 5527, 5627 (where the south edge steps up towards the east) nor
    New Caledonia 4727, 4828 (south edge; the source gives their southern sides as unplayable
    water). We follow the rule; ``MAP.md`` lists the differences.

Areas (lowercase tags; rule, then how each is derived)
    japanese_empire   printed Empire boundary (1.3, 12.9, 17.14): regions Japan, Korea,
                      Manchuria, Formosa, Sakhalin, JMandates (Ryukyus, Bonins, Iwo Jima, Marcus,
                      Marianas, Palau, Yap, Ulithi), Caroline, Marshall; plus French Indochina,
                      because the 1941 set-up puts South HQ and the 22nd Air Flotilla at Saigon
                      2212 and the 15th and 38th Armies at 2211; plus Hainan 2509, where the 25th
                      Army starts and which the spec (§10) treats as not part of China. Guam 3814
                      is region Oceania (Allied at start, 17.14).
    home_islands      12.9: region Japan (Honshu, Hokkaido, Kyushu; Shikoku has no hex).
    honshu            12.93: Japan-region hexes joined to Tokyo 3706 by land hexsides.
    korea             12.9: region Korea (= 3305 and its land neighbours).
    manchukuo         12.9/12.91: 3302, 3303 and their land neighbours except 3304 (= region
                      Manchuria).
    china_coastal     7.42/12.71: region China, less Hong Kong 2709 and Hainan 2509.
    china_interior    7.42: region IChina.
    hong_kong         12.71, 17.14: 2709 (Allied at start; not part of China).
    formosa           12.71, 12.9: region Formosa.
    philippines       12.21: land hexes joined by land hexsides to Manila 2813 or Davao 2915,
                      island hexes within 2 of Manila, and Jolo 2715. Batan 2910 (region
                      Philippines, 3 from Manila) is therefore not Philippine.
    malaya            12.31: land hexes within 3 of Singapore 2015 joined to it by land hexsides.
    siam              12.33: region Siam.
    indochina         region Indochina.
    dei               12.41: regions DEI, Sumatra, Java, Borneo, Celebes.
    sumatra, java, borneo, celebes   12.41: those regions.
    burma             12.51: region Burma.
    india_north       12.61: 1905, 2005, 2104, 2105, 2205 (= region NIndia).
    india_mainland    12.61: region India.
    ceylon            12.61/12.63: land hexes joined to Colombo 1307 (1208, 1307, 1308).
    maldives          12.63: 1005 (region Ceylon in the source).
    australia         12.81: region Australia.
    new_guinea        12.85: region Guinea.
    mandates_australian  12.81: 3820, 4020, 4021, 4222, 4423, the land hexes joined to them and
                      the one-hex islands next to them.
    marshalls         12.92: island hexes within 2 of Eniwetok 4415 or Kwajalein 4715: Ponape
                      4316 is one, Kusaie 4517 (region Marshall, 3 away) is not.
    aleutians         16.42 "hexes 4600-5100": land hexes of row 00, columns 46-51.
    hawaii            16.42: 5708, 5808, 5908 and Midway 5108.
    midway            16.42: 5108.
    kunming_area      7.42 E, 12.75: Kunming 2407 and its land neighbours.
    one_hex_island    1.3, 7.45 D, 16.47: an island land hex with no land hexside.
    off_map           not part of the playing area (see above).
    soviet            7.42 C: the source marks no Soviet hex, so no hex carries it.
    ``island`` follows 1.3: a land hex not joined by land hexsides to mainland Asia (incl. India
    and China) or to Australia; atolls are always islands. The source flags only small islands.

Provenance
    The file's own ``provenance`` is ``reconstructed``; hexes from a source record carry
    ``reconstructed``, or ``rulebook`` with the rule in ``ref`` where the rulebook itself states
    the key fact (resource hexes, surrender and key hexes of 12.x, 5408, 3823, ...). Unlisted
    ocean hexes and hexsides inherit the file's value; the 2220 sides (7.21) and the Burma Road
    (12.76) carry ``rulebook``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FACTS = ROOT.parent / "shared/reference/empire-of-the-sun/map-facts.json"
DEFAULT_OUT = ROOT / "src/wargame/games/empire_of_the_sun/data/map.json"
FACTS_LABEL = "shared/reference/empire-of-the-sun/map-facts.json"
BUILD_COMMAND = ".venv/bin/python tools/eots_build_map.py ../" + FACTS_LABEL

COLUMNS = (10, 60)
ROWS = (0, 28)
DROPPED = "2608"
ANCHOR = "3706"
SIDES = ("N", "NE", "SE", "S", "SW", "NW")
STEPS = {  # (dcol, drow) per side, for even and odd columns (odd-q)
    0: ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)),
    1: ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)),
}
WATER, GROUND, ROAD, UNPLAYABLE_WATER, UNPLAYABLE_LAND = 1, 2, 4, 8, 16
CROSSABLE = WATER | GROUND | ROAD

NAME_FIXES = {
    "2005": "Dimapur",
    "2104": "Jorhat",
    "2105": "Imphal-Kohima",
    "3014": "Samar/Leyte",
    "3017": "Morotai",
    "3119": "Sorong",
    "3307": "Kyushu",
    "4023": "D'Entrecasteaux",
    "4221": "Buka",
    "4828": "Noumea",
    "4925": "Pentecost",
    "5823": "Samoa",
}
ADDED_NAMES = {
    "2812": "Clark Field",
    "2911": "Aparri",
    "3606": "West Honshu",
    "5508": "French Frigate Shoals",
}
NAME_JA = {
    # India, Ceylon, Indian Ocean
    "1005": "モルディブ諸島",
    "1307": "コロンボ",
    "1308": "トリンコマリー",
    "1406": "マドラス",
    "1709": "リトルアンダマン島",
    "1710": "ニコバル諸島",
    "1805": "カルカッタ",
    "1809": "アンダマン諸島",
    "1905": "ダッカ",
    "2005": "ディマプル",
    "2104": "ジョルハト",
    "2105": "インパール・コヒマ",
    "2205": "レド",
    # Burma, Siam, Malaya, Indochina
    "2006": "アキャブ",
    "2008": "ラングーン",
    "2106": "マンダレー",
    "2206": "ラシオ",
    "2305": "ミッチーナ",
    "2110": "バンコク",
    "2210": "ウドン",
    "1912": "ジットラ",
    "1913": "クアラルンプール",
    "2012": "シンゴラ",
    "2014": "クアンタン",
    "2015": "シンガポール",
    "2112": "コタバル",
    "2211": "プノンペン",
    "2212": "サイゴン",
    "2311": "カムラン",
    "2409": "ハノイ",
    "2410": "フエ",
    # China, Manchuria, Korea, Formosa
    "2407": "昆明",
    "2508": "永寧",
    "2509": "海南島",
    "2609": "広州",
    "2709": "香港",
    "2809": "汕頭",
    "2908": "温州",
    "3004": "北平",
    "3005": "天津",
    "3007": "上海",
    "3104": "旅順",
    "3105": "青島",
    "3302": "ハルビン",
    "3303": "奉天",
    "3305": "京城",
    "3306": "釜山",
    "2909": "台南",
    "3009": "台北",
    # Japan and the Japanese islands
    "3307": "九州",
    "3407": "呉",
    "3506": "京都",
    "3507": "大阪",
    "3606": "本州西部",
    "3607": "名古屋",
    "3704": "函館",
    "3705": "大湊",
    "3706": "東京",
    "3209": "沖縄",
    "3308": "シマ",
    "3309": "ラサ島",
    "3708": "小笠原諸島",
    "3709": "硫黄島",
    "4110": "南鳥島",
    "3812": "アスンシオン島",
    "3813": "サイパン",
    "3416": "パラオ",
    "3515": "ヤップ",
    "3615": "ウルシー",
    "3716": "メレヨン島",
    "3816": "ファラウレップ環礁",
    "3817": "イファリク環礁",
    "3916": "プラップ環礁",
    "4016": "ホール諸島",
    "4017": "トラック諸島",
    "4117": "ノモイ諸島",
    "4316": "ポナペ",
    "4517": "クサイ",
    "4713": "タオンギ環礁",
    "4415": "エニウェトク",
    "4715": "クェゼリン",
    "4615": "ロンゲラップ",
    "4616": "ウジャエ",
    "4716": "ナム",
    "4815": "ウォッジェ",
    "4816": "マロエラップ",
    "4817": "ヤルート",
    "4916": "ミレ",
    # Philippines
    "2715": "ホロ島",
    "2812": "クラーク飛行場",
    "2813": "マニラ",
    "2814": "パナイ島",
    "2910": "バタン諸島",
    "2911": "アパリ",
    "2914": "セブ島",
    "2915": "ダバオ",
    "3014": "サマール/レイテ",
    # Dutch East Indies
    "1813": "メダン",
    "1916": "パレンバン",
    "1917": "テロックベトン",
    "2017": "バンカ島",
    "2117": "ビリトン島",
    "2018": "バタビア",
    "2019": "チラチャップ",
    "2220": "スラバヤ",
    "2216": "シンカワン",
    "2318": "バンジェルマシン",
    "2415": "ミリ",
    "2517": "バリクパパン",
    "2616": "タラカン",
    "2620": "マカッサル",
    "2719": "ケンダリ",
    "2917": "メナド",
    "2320": "バリ島",
    "2421": "スンバワ島",
    "2521": "スンバ島",
    "2621": "フローレス島",
    "2622": "ロテ島",
    "2721": "クーパン",
    "2819": "スラ諸島",
    "2821": "ウェタル島",
    "2918": "バチャン島",
    "2919": "アンボン",
    "2921": "モア島",
    "3017": "モロタイ島",
    "3018": "ハルマヘラ島",
    "3019": "オビ島",
    "3020": "セラム島",
    "3021": "ババル島",
    "3118": "ワイゲオ島",
    "3121": "タニンバル諸島",
    "3221": "アル諸島",
    # Australia
    "2426": "ブルーム",
    "2525": "ダービー",
    "2825": "ウィンダム",
    "3023": "ダーウィン",
    "3624": "ヨーク岬",
    "3626": "ケアンズ",
    "3727": "タウンズビル",
    # New Guinea and the Australian Mandates
    "3119": "ソロン",
    "3219": "フォーゲルコップ半島",
    "3319": "ビアク島",
    "3520": "ホーランジア",
    "3620": "アイタペ",
    "3720": "ウエワク",
    "3721": "マダン",
    "3822": "ラエ",
    "3823": "ポートモレスビー",
    "3922": "ブナ",
    "4023": "ダントルカストー諸島",
    "4024": "ギリギリ",
    "4124": "ロッセル島",
    "3719": "ニニゴ諸島",
    "3820": "アドミラル諸島",
    "3921": "ガスマタ",
    "4020": "カビエン",
    "4021": "ラバウル",
    "4121": "グリーン諸島",
    "4122": "ウッドラーク島",
    "4221": "ブカ島",
    "4222": "ブーゲンビル島",
    "4322": "ニュージョージア島",
    "4422": "サンタイサベル島",
    "4423": "ガダルカナル島",
    "4424": "レンネル島",
    "4522": "マライタ島",
    "4523": "サンクリストバル島",
    # New Hebrides, New Caledonia, the South and Central Pacific
    "4723": "ンデニ島",
    "4824": "トラ・バニコロ",
    "4825": "エスピリトゥサント島",
    "4826": "エファテ島",
    "4827": "マレ島",
    "4828": "ヌーメア",
    "4925": "ペンテコスト島",
    "4926": "タンナ島",
    "5325": "ビティレブ島",
    "5425": "バヌアレブ島",
    "5525": "ラウ諸島",
    "5724": "トンガタプ島",
    "5823": "サモア",
    "5423": "ホーン諸島",
    "5221": "ナヌメア",
    "5321": "フナフティ",
    "5717": "カントン島",
    "5719": "ガードナー島",
    "5819": "フェニックス諸島",
    "5720": "アタフ",
    "5821": "ファカオフォ",
    "5417": "ハウランド島",
    "5418": "ベーカー島",
    "5018": "タラワ",
    "5019": "ノノウチ",
    "5119": "オノトア",
    "4719": "ナウル",
    "4819": "オーシャン島",
    "5814": "パルミラ",
    "5511": "ジョンストン島",
    "3814": "グアム",
    "4612": "ウェーキ島",
    "5108": "ミッドウェイ",
    "5408": "航空機空輸中継点",
    "5508": "フレンチフリゲート瀬",
    "5708": "カウアイ",
    "5808": "オアフ",
    "5908": "ヒロ",
    # Aleutians
    "4600": "アッツ/キスカ",
    "4700": "アムチトカ島",
    "4800": "アダック島",
    "5000": "ウムナック島",
    "5100": "ダッチハーバー",
}
HEX_NOTES = {
    "1208": "Ceylon (the source gives no region)",
    "2108": "Kwai route hex: the Rangoon-Bangkok route opens with Japanese card #18 (17.35)",
    "2109": "Kwai route hex: the Rangoon-Bangkok route opens with Japanese card #18 (17.35)",
    "2509": "Hainan: source region China; not part of China (spec 10 on 12.71/12.77); "
    "Japanese at start (25th Army)",
    "2709": "Hong Kong: Allied at start (17.14); not part of China (12.71)",
    "3302": "airfield commented out in the source",
    "3303": "airfield commented out in the source (still in its Tokyo-area air-base list)",
    "3800": "a Sakhalin land hex in the source's first record; its later record (ocean) wins",
    "5408": "air ferry: Allied air units may land here only between legs (7.36)",
    "5508": "French Frigate Shoals: a source constant only; open ocean",
}
RULEBOOK_HEXES = {  # rule -> hexes whose key fact the rulebook itself states
    "7.32": "4612",
    "7.36": "5408",
    "7.42": "2408 2507 2508",
    "7.45": "3823",
    "7.46": "4017",
    "10.33": "1307 1308 3727",
    "11.11": "1813 1916 2017 2008 2014 2220 2415 2517 2616 2813 3219 3302 3303 3305",
    "11.31": "3706",
    "11.32": "3709",
    "12.21": "2715 2812 2911 3014",
    "12.22": "2915",
    "12.31": "1912 1913 2012 2112",
    "12.32": "2015",
    "12.41": "1914 1917 2018 2216 2318 2620 2719 2917 2320 2919 2721 3017",
    "12.42": "2019",
    "12.51": "2006",
    "12.52": "2106 2206 2305",
    "12.61": "1905 2005 2104 2105 2205",
    "12.63": "1005",
    "12.75": "2407",
    "12.76": "1406 2306",
    "12.81": "3820 4020 4222",
    "12.84": "4021 4423",
    "12.9": "3304",
    "12.92": "4415 4715",
    "16.42": "4600 4700 4800 5000 5100 5108 5708 5808 5908",
    "17.14": "2709 3814",
}
RULEBOOK_REFS = {h: rule for rule, hexes in RULEBOOK_HEXES.items() for h in hexes.split()}
RULEBOOK_SIDES = {
    **{
        (min("2220", o), max("2220", o)): "7.21"
        for o in ("2119", "2120", "2219", "2221", "2319", "2320")
    },
    ("2206", "2306"): "12.76",
    ("2306", "2407"): "12.76",
}
# (hex, side): (value, reason); value None = take the other copy's value of that side.
SIDE_FIXES: dict[tuple[str, str], tuple[int | None, str]] = {
    ("2108", "S"): (None, "2108 S 4 / 2109 N 5 disagree"),
    ("2312", "NW"): (None, "2212 SE 3 / 2312 NW 1 disagree"),
    ("2312", "SW"): (None, "ground into unlisted ocean 2213"),
    ("3302", "S"): (None, "3302 S 2 / 3303 N 4 disagree"),
    ("3900", "SW"): (None, "3801 NE 8 / 3900 SW 1 disagree"),
    ("2913", "S"): (None, "2913 S 17 / 2914 N 1 disagree"),
    ("2625", "NW"): (None, "2524 SE 17 / 2625 NW 19 disagree"),
    ("2625", "N"): (None, "ground into unlisted ocean 2624"),
    ("3023", "SE"): (None, "3023 SE 0 / 3123 NW 1 disagree"),
    ("3123", "NW"): (None, "3023 SE 0 / 3123 NW 1 disagree"),
    ("3320", "N"): (None, "3319 S 24 / 3320 N 8 disagree"),
    ("4100", "NE"): (None, "4200 SW 0 / 4100 NE 1 disagree"),
    ("3804", "S"): (None, "ground into unlisted ocean 3805"),
    ("2925", "SE"): (None, "ground into unlisted 3026, south of the map edge"),
    ("3226", "SW"): (None, "ground into unlisted 3126, south of the map edge"),
    ("3801", "N"): (WATER, "3801 N 3 / 3800 S 1 disagree; 3800 is ocean, so sea only"),
    ("3025", "S"): (0, "water into unlisted 3026, south of the map edge"),
}

REGION_AREAS = {
    "Japan": ("japanese_empire", "home_islands"),
    "Korea": ("japanese_empire", "korea"),
    "Manchuria": ("japanese_empire",),
    "Formosa": ("japanese_empire", "formosa"),
    "Sakhalin": ("japanese_empire",),
    "JMandates": ("japanese_empire",),
    "Caroline": ("japanese_empire",),
    "Marshall": ("japanese_empire",),
    "Indochina": ("japanese_empire", "indochina"),
    "China": ("china_coastal",),
    "IChina": ("china_interior",),
    "Siam": ("siam",),
    "Burma": ("burma",),
    "NIndia": ("india_north",),
    "India": ("india_mainland",),
    "Sumatra": ("dei", "sumatra"),
    "Java": ("dei", "java"),
    "Borneo": ("dei", "borneo"),
    "Celebes": ("dei", "celebes"),
    "DEI": ("dei",),
    "Australia": ("australia",),
    "Guinea": ("new_guinea",),
    "Alaska": ("aleutians",),
}
HEX_AREAS = {
    "2509": ("japanese_empire",),
    "2709": ("hong_kong",),
    "1005": ("maldives",),
    "5708": ("hawaii",),
    "5808": ("hawaii",),
    "5908": ("hawaii",),
    "5108": ("hawaii", "midway"),
}
NOT_CHINA = {"2509", "2709"}
MAINLAND_ANCHORS = ("2407", "1805", "1406", "2015", "3004", "3305", "2409", "2110", "2008")
AUSTRALIA_ANCHORS = ("3023", "3727")


# -- grid -------------------------------------------------------------------------------------


def hex_id(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def grid_ids() -> list[str]:
    return [
        hex_id(c, r) for c in range(COLUMNS[0], COLUMNS[1] + 1) for r in range(ROWS[0], ROWS[1] + 1)
    ]


def step(hex_: str, side: int) -> tuple[int, int]:
    col, row = int(hex_[:2]), int(hex_[2:])
    dcol, drow = STEPS[col % 2][side]
    return col + dcol, row + drow


def on_grid(col: int, row: int) -> bool:
    return COLUMNS[0] <= col <= COLUMNS[1] and ROWS[0] <= row <= ROWS[1]


def neighbour(hex_: str, side: int) -> str | None:
    col, row = step(hex_, side)
    return hex_id(col, row) if on_grid(col, row) else None


def adjacent_pairs(ids: Iterable[str]) -> Iterator[tuple[str, int, str]]:
    """Every adjacent pair once, as (hex, side of hex, neighbour) with side N, NE or SE."""
    for a in ids:
        for side in range(3):
            b = neighbour(a, side)
            if b is not None:
                yield a, side, b


def distance(a: str, b: str) -> int:
    qa, ra = _axial(a)
    qb, rb = _axial(b)
    return (abs(qa - qb) + abs(ra - rb) + abs(qa + ra - qb - rb)) // 2


def _axial(hex_: str) -> tuple[int, int]:
    col, row = int(hex_[:2]), int(hex_[2:])
    return col, row - (col - (col & 1)) // 2


# -- source records ---------------------------------------------------------------------------


def effective_records(facts: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The record of every listed id, the later of repeated ids winning; 2608 dropped."""
    records: dict[str, dict[str, Any]] = {}
    for record in sorted(facts["hexes"], key=lambda r: r["source_index"]):
        records[record["id"]] = record
    records.pop(DROPPED)
    return records


def corrected_edges(facts: dict[str, Any], records: dict[str, Any]) -> dict[str, list[int]]:
    """Each record's six side values (or none) after ``SIDE_FIXES``."""
    other = {c["id"]: c["other_copy"] for c in facts["other_copy"]["changed_fields"]}
    edges = {h: list(r["edges"]) for h, r in records.items() if r["edges"] is not None}
    for (hex_, side_name), (value, _reason) in sorted(SIDE_FIXES.items()):
        side = SIDES.index(side_name)
        edges[hex_][side] = other[hex_][side] if value is None else value
    return edges


def waterish(record: dict[str, Any] | None) -> bool:
    return record is None or record["terrain"] in ("ocean", "atoll") or record["island"]


def side_values(records: dict[str, Any], edges: dict[str, list[int]]) -> dict[tuple[str, str], int]:
    """The source value of every adjacent pair of board hexes, keyed (a, b) with a < b."""
    values = {}
    board = [h for h in grid_ids() if h != DROPPED]
    for a, side, b in adjacent_pairs(board):
        if b == DROPPED:
            continue
        mine = edges[a][side] if a in edges else None
        theirs = edges[b][(side + 3) % 6] if b in edges else None
        value = resolve(records.get(a), records.get(b), mine, theirs, (a, b))
        values[min(a, b), max(a, b)] = value
    return values


def resolve(
    rec_a: Any, rec_b: Any, mine: int | None, theirs: int | None, pair: tuple[str, str]
) -> int:
    """One value per pair: the given side(s), else the source's default for missing sides."""
    given = {value for value in (mine, theirs) if value is not None}
    if not given:
        given = {WATER if waterish(record) else GROUND for record in (rec_a, rec_b)}
    if len(given) != 1:
        raise ValueError(f"pair {pair}: sides disagree ({mine} / {theirs})")
    return given.pop()


def flags(value: int) -> list[str]:
    found = []
    if value & WATER:
        found.append("sea")
    if value & (GROUND | ROAD):
        found.append("land")
    if value & ROAD:
        found.append("route")
    if value & UNPLAYABLE_WATER and not value & WATER:
        found.append("unplayable_sea")
    if value & UNPLAYABLE_LAND and not value & (GROUND | ROAD):
        found.append("impassable_land")
    return found


# -- geography ----------------------------------------------------------------------------------


def linked(values: dict[tuple[str, str], int], mask: int) -> dict[str, set[str]]:
    links: dict[str, set[str]] = {}
    for (a, b), value in values.items():
        if value & mask:
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    return links


def reach(links: dict[str, set[str]], starts: Iterable[str], allowed: set[str]) -> set[str]:
    seen = set(starts)
    queue = deque(seen)
    while queue:
        for other in links.get(queue.popleft(), ()):
            if other in allowed and other not in seen:
                seen.add(other)
                queue.append(other)
    return seen


def blocks(cells: set[str]) -> list[set[str]]:
    """Groups of adjacent off-map positions."""
    found: list[set[str]] = []
    left = set(cells)
    while left:
        block = {min(left)}
        queue = deque(block)
        while queue:
            current = queue.popleft()
            for side in range(6):
                other = neighbour(current, side)
                if other in left and other not in block:
                    block.add(other)
                    queue.append(other)
        found.append(block)
        left -= block
    return found


def beyond(col: int, row: int) -> set[str]:
    """The grid borders that an off-grid position lies beyond."""
    found = set()
    if col < COLUMNS[0]:
        found.add("west")
    if col > COLUMNS[1]:
        found.add("east")
    if row < ROWS[0]:
        found.add("north")
    if row > ROWS[1]:
        found.add("south")
    return found


def supplying(borders: set[str]) -> bool:
    return "north" not in borders and bool(borders & {"west", "east", "south"})


def block_borders(off_map: set[str]) -> dict[str, set[str]]:
    """For each off-map position, the grid borders its block of off-map positions reaches."""
    borders: dict[str, set[str]] = {}
    for block in blocks(off_map):
        reached = set().union(*(beyond(*step(cell, side)) for cell in block for side in range(6)))
        borders.update(dict.fromkeys(block, reached))
    return borders


def supply_sources(playable: set[str], off_map: set[str]) -> set[str]:
    """Playable hexes on the east, south or west map edge (13.2)."""
    borders = block_borders(off_map)
    sources = set()
    for hex_ in playable:
        for side in range(6):
            col, row = step(hex_, side)
            other = hex_id(col, row) if on_grid(col, row) else None
            if other in playable:
                continue
            reached = beyond(col, row) if other is None else borders[other]
            if supplying(reached):
                sources.add(hex_)
                break
    return sources


def component(links: dict[str, set[str]], anchors: tuple[str, ...], land: set[str]) -> set[str]:
    found = reach(links, anchors[:1], land)
    if not set(anchors) <= found:
        raise ValueError(f"{anchors} are not one land mass")
    return found


class Geography:
    """The playable area, land masses and derived areas of the corrected source."""

    def __init__(self, records: dict[str, Any], values: dict[tuple[str, str], int]) -> None:
        self.records = records
        crossable = linked(values, CROSSABLE)
        board = {h for h in grid_ids() if h != DROPPED}
        self.playable = reach(crossable, [ANCHOR], board)
        self.off_map = set(grid_ids()) - self.playable
        self.land = {h for h, r in records.items() if r["terrain"] != "ocean"}
        self.land_links = linked(values, GROUND | ROAD)
        mainland = component(self.land_links, MAINLAND_ANCHORS, self.land)
        australia = component(self.land_links, AUSTRALIA_ANCHORS, self.land)
        atolls = {h for h in self.land if records[h]["terrain"] == "atoll"}
        self.islands = (self.land - mainland - australia) | atolls
        self.sources = supply_sources(self.playable, self.off_map)

    def region(self, name: str) -> set[str]:
        return {h for h, r in self.records.items() if r["region"] == name}

    def land_neighbours(self, hex_: str) -> set[str]:
        return {n for side in range(6) if (n := neighbour(hex_, side)) in self.land}

    def joined(self, starts: Iterable[str], allowed: set[str] | None = None) -> set[str]:
        return reach(self.land_links, starts, self.land if allowed is None else allowed)

    def one_hex_islands(self) -> set[str]:
        return {h for h in self.islands if not self.land_links.get(h)}

    def derived_areas(self) -> dict[str, set[str]]:
        one_hex = self.one_hex_islands()
        mandate_keys = ("3820", "4020", "4021", "4222", "4423")
        next_to_keys = set().union(*(self.land_neighbours(k) for k in mandate_keys))
        return {
            "honshu": self.joined([ANCHOR], self.region("Japan")),
            "manchukuo": (
                {"3302", "3303"} | self.land_neighbours("3302") | self.land_neighbours("3303")
            )
            - {"3304"},
            "philippines": self.joined(["2813", "2915"])
            | {h for h in self.islands if distance(h, "2813") <= 2}
            | {"2715"},
            "malaya": self.joined(["2015"], {h for h in self.land if distance(h, "2015") <= 3}),
            "ceylon": self.joined(["1307"]),
            "mandates_australian": self.joined(mandate_keys) | (next_to_keys & one_hex),
            "marshalls": {
                h for h in self.islands if min(distance(h, "4415"), distance(h, "4715")) <= 2
            },
            "aleutians": {h for h in self.land if h.endswith("00") and "46" <= h[:2] <= "51"},
            "kunming_area": {"2407"} | self.land_neighbours("2407"),
            "one_hex_island": one_hex,
            "off_map": self.off_map - {DROPPED},
        }

    def areas(self) -> dict[str, list[str]]:
        """The sorted area tags of every hex that has any."""
        tags: dict[str, set[str]] = {}
        for hex_, record in self.records.items():
            regional = REGION_AREAS.get(record["region"], ())
            if hex_ in NOT_CHINA:
                regional = tuple(a for a in regional if a != "china_coastal")
            tags.setdefault(hex_, set()).update(regional, HEX_AREAS.get(hex_, ()))
        for area, hexes in self.derived_areas().items():
            for hex_ in hexes:
                tags.setdefault(hex_, set()).add(area)
        return {h: sorted(t) for h, t in tags.items() if t}


# -- output -------------------------------------------------------------------------------------


def hex_name(hex_: str, record: dict[str, Any] | None) -> str | None:
    if hex_ in NAME_FIXES:
        return NAME_FIXES[hex_]
    if hex_ in ADDED_NAMES:
        return ADDED_NAMES[hex_]
    return record["name"] if record else None


def hex_record(hex_: str, geo: Geography, areas: dict[str, list[str]]) -> dict[str, Any]:
    record = geo.records.get(hex_)
    out: dict[str, Any] = {"id": hex_, "terrain": record["terrain"] if record else "ocean"}
    name = hex_name(hex_, record)
    if name:
        out["name"] = name
        out["name_ja"] = NAME_JA[hex_]
    if record:
        out.update(features(record, hex_ in geo.islands))
    if hex_ in geo.sources:
        out["allied_supply_source"] = True
    if hex_ in areas:
        out["areas"] = areas[hex_]
    if hex_ in HEX_NOTES:
        out["note"] = HEX_NOTES[hex_]
    if record or name:
        out["provenance"] = "rulebook" if hex_ in RULEBOOK_REFS else "reconstructed"
    if hex_ in RULEBOOK_REFS:
        out["ref"] = RULEBOOK_REFS[hex_]
    return out


def features(record: dict[str, Any], island: bool) -> dict[str, Any]:
    found: dict[str, Any] = {"region": record["region"], "city": record["city"]}
    found.update({k: True for k in ("port", "airfield", "resource") if record[k]})
    if island:
        found["island"] = True
    return {k: v for k, v in found.items() if v is not None}


def hexside_records(values: dict[tuple[str, str], int], geo: Geography) -> list[dict[str, Any]]:
    sides = []
    for (a, b), value in sorted(values.items()):
        if a not in geo.playable or b not in geo.playable or not flags(value):
            continue
        side: dict[str, Any] = {"a": a, "b": b, "flags": flags(value)}
        ref = RULEBOOK_SIDES.get((a, b))
        if ref:
            side.update(provenance="rulebook", ref=ref)
        sides.append(side)
    return sides


def build(facts_bytes: bytes) -> dict[str, Any]:
    facts = json.loads(facts_bytes)
    records = effective_records(facts)
    values = side_values(records, corrected_edges(facts, records))
    geo = Geography(records, values)
    areas = geo.areas()
    board = sorted(h for h in grid_ids() if h != DROPPED)
    digest = hashlib.sha256(facts_bytes).hexdigest()
    return {
        "build": BUILD_COMMAND,
        "columns": list(COLUMNS),
        "hexes": [hex_record(h, geo, areas) for h in board],
        "hexsides": hexside_records(values, geo),
        "layout": "odd-q",
        "provenance": "reconstructed",
        "rows": list(ROWS),
        "source": f"{FACTS_LABEL} (third-party transcription of the printed map, "
        f"facts only) sha256:{digest}",
    }


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def render(document: dict[str, Any]) -> str:
    """Sorted keys; one hex or hexside per line."""
    parts = []
    for key in sorted(document):
        value = document[key]
        if isinstance(value, list) and value and isinstance(value[0], dict):
            body = ",\n".join(dumps(item) for item in value)
            parts.append(f"{dumps(key)}:[\n{body}\n]")
        else:
            parts.append(f"{dumps(key)}:{dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("facts", nargs="?", type=Path, default=DEFAULT_FACTS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    document = build(args.facts.read_bytes())
    args.out.write_text(render(document), encoding="utf-8")
    print(f"{args.out}: {len(document['hexes'])} hexes, {len(document['hexsides'])} hexsides")
    return 0


if __name__ == "__main__":
    sys.exit(main())
