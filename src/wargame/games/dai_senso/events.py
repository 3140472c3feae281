"""The events of Dai Senso! by id: what the political event tables, the option cards and the
conditional events name as a result, with their English and Japanese names.

The titles are the rulebook's table of contents for sections 14-16 (spec §4.9.3) in our short
wording, plus the few results the designed tables need that no title names (a replacement step,
"no effect"). The ids let the data files be checked, so that a table or card that names an
event nobody knows fails when it is loaded; :data:`politics.HANDLERS` plays the events whose
effects touch what the game plays, and the others are logged as not played yet.

Decisions
- "none" is the result "no effect", kept as an id so that a table row can say it (the rulebook's
  principle of reading: a failure the text does not list is no event).
- One id per faction where a title has a bracketed faction ("Influence [Axis, Soviet, West]",
  "Country Joins [Faction]"), so that a result says whose.
"""

from __future__ import annotations

from typing import Final

EVENTS: Final[dict[str, tuple[str, str]]] = {
    "none": ("No effect", "効果なし"),
    # -- 15 political events (TOC titles) --
    "allied_support_for_resistance": ("Allied Support for Resistance", "連合国レジスタンス支援"),
    "colonial_liberation": ("Colonial Liberation", "植民地解放"),
    "banzai": ("Banzai!", "万歳!"),
    "border_incident": ("Border Incident", "国境事変"),
    "border_war": ("Border War", "国境戦争"),
    "cabinet_reshuffle": ("Cabinet Reshuffle", "内閣改造"),
    "ceded_territory": ("Ceded Territory", "割譲領土"),
    "china_incident": ("China Incident", "支那事変"),
    "country_joins_axis": ("Country Joins the Axis", "国の参加(枢軸)"),
    "country_joins_west": ("Country Joins the West", "国の参加(西側)"),
    "country_joins_soviet": ("Country Joins the Soviets", "国の参加(ソヴィエト)"),
    "country_resists": ("Country Resists", "国の抵抗"),
    "coup": ("Coup", "クーデター"),
    "declaration_of_war": ("Declaration of War", "宣戦布告"),
    "delay_reduction": ("Delay Reduction", "遅延減少"),
    "euro_commitment": ("Euro Commitment", "欧州投入"),
    "minor_country_creation": ("Minor Country Creation", "中小国の創建"),
    "neutrality": ("Neutrality", "中立性"),
    "neutrality_under_threat": ("Neutrality Under Threat", "脅威下の中立性"),
    "operation_z": ("Operation Z", "Z作戦"),
    "stall_command": ("Stall [Command]", "頓挫 [指揮]"),
    # -- 16.1 Axis permanent conditional events Total War queues (12.3) --
    "axis_minor_occupied": ("Axis Minor Occupied", "枢軸中小国占領"),
    "manchukuo_garrison_check": ("Manchukuo Garrison Check", "満州国守備隊チェック"),
    "material_shortages": ("Material Shortages", "物資欠乏"),
    "british_neutrality_pact_check": ("British Neutrality Pact Check", "イギリス中立協定チェック"),
    "stall_supply": ("Stall [Supply]", "頓挫 [補給]"),
    "political_choice": ("Political Choice", "政治的選択"),
    "free_passage": ("Free Passage", "自由通過"),
    "regime_change": ("Regime Change", "政権交替"),
    "influence_axis": ("Influence: Axis", "影響(枢軸)"),
    "influence_west": ("Influence: West", "影響(西側)"),
    "influence_soviet": ("Influence: Soviet", "影響(ソヴィエト)"),
    "successful_protest": ("Successful Protest", "抗議の成功"),
    "large_scale_attack": ("Large-Scale Attack", "大規模攻撃"),
    "japanese_concessions": ("Japanese Concessions", "日本の譲歩"),
    "showa_restoration": ("Showa Restoration", "昭和維新"),
    "armistice": ("Armistice", "休戦"),
    "french_reaction": ("French Reaction", "フランスの反応"),
    "us_influence_decline": ("US Influence Decline", "アメリカの影響力低下"),
    "western_uprising": ("Western Uprising", "西の蜂起"),
    "eastern_uprising": ("Eastern Uprising", "東の蜂起"),
    "aid_to_kmt": ("Aid to the KMT", "中国国民党への援助"),
    "aid_to_ccp": ("Aid to the CCP", "中国共産党への支援"),
    "lend_lease_britain": ("Lend-Lease to Britain", "英国へのレンドリース"),
    "lend_lease_russia": ("Lend-Lease to Russia", "ロシアへのレンドリース"),
    "war_production": ("War Production", "戦時生産"),
    "german_victory_france": ("German Victory: France Defeated", "ドイツの勝利(フランス敗北)"),
    "german_victory_russia": ("German Victory: Russia Defeated", "ドイツの勝利(ロシア敗北)"),
    "operation_avalanche": ("Operation Avalanche", "アヴァランチ作戦"),
    "fugaku_bomber_production": ("Fugaku Bomber Production", "富嶽爆撃機生産"),
    "jet_fighter_development": ("Jet Fighter Development", "ジェット戦闘機開発"),
    "concentrated_bombing": ("Concentrated Bombing", "集中爆撃"),
    "successful_improvement": ("Successful Improvement", "改良の成功"),
    "raider_discovered": ("Raider Discovered", "通商破壊艦発見"),
    # -- 14 markers an event can place --
    "military_aid": ("Military Aid", "軍事援助"),
    "partisan_base": ("Partisan Base", "パルチザン基地"),
    "international_incident": ("International Incident", "国際間事変"),
    "mobilization": ("Mobilization", "動員"),
    "uscl_increase": ("USCL Increase", "USCL増加"),
    "oil_embargo": ("Oil Embargo", "石油禁輸"),
    "gekokujo": ("Gekokujō", "下剋上"),
    "japanese_patriot_support": ("Japanese Patriot Support", "日本の愛国主義者支援"),
    "enforced_peace": ("Enforced Peace", "和平強要"),
    # -- results that name no title: a step for the faction rolling --
    "replacement_step": ("One replacement step", "補充1ステップ"),
    "replacement_steps_2": ("Two replacement steps", "補充2ステップ"),
    "chinese_replacement_step": ("One Chinese infantry replacement step", "中国歩兵補充1ステップ"),
    "chinese_replacement_steps_2": (
        "Two Chinese infantry replacement steps",
        "中国歩兵補充2ステップ",
    ),
    "esv_down": ("The European front improves: ESV -1", "欧州戦線の好転: 欧州戦略値-1"),
}
"""Event id -> (English, Japanese) name."""
