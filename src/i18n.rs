//! One table of UI strings: 简体中文 (default), 繁體中文, English. Every screen string goes
//! through [`tr`]; a missing key shows the key itself (and a test catches it).

use crate::record::Op;
use crate::rules::shengji::Unit;
use crate::rules::{Seat, Team};

/// UI language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// 简体中文 (default).
    #[default]
    ZhCn,
    /// 繁體中文.
    ZhTw,
    /// English.
    En,
}

impl Lang {
    /// All languages, default first.
    pub const ALL: [Lang; 3] = [Lang::ZhCn, Lang::ZhTw, Lang::En];
    /// BCP 47 code (`zh-CN`, `zh-TW`, `en`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::ZhCn => "zh-CN",
            Lang::ZhTw => "zh-TW",
            Lang::En => "en",
        }
    }
    /// Parses a code; anything else is the default.
    pub fn from_code(s: &str) -> Lang {
        Lang::ALL.into_iter().find(|l| l.code() == s).unwrap_or_default()
    }
    /// The language's own name.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::ZhCn => "简体中文",
            Lang::ZhTw => "繁體中文",
            Lang::En => "English",
        }
    }
}

/// (key, zh-CN, zh-TW, en), sorted by key.
pub static STRINGS: &[(&str, &str, &str, &str)] = &[
    ("about.blurb", "离线裁判助手: 逐副记录, 自动计算升级、罚分与胜负。数据只存在本设备, 用 JSON 导出/导入在设备间同步。", "離線裁判助手: 逐副記錄, 自動計算升級、罰分與勝負。資料只存在本裝置, 以 JSON 匯出/匯入在裝置間同步。", "Offline referee assistant: log every hand; levels, penalties and results are computed. Data stays on this device; move it with JSON export/import."),
    ("about.matches", "本机比赛数", "本機比賽數", "Matches on this device"),
    ("about.origin", "浏览器估计", "瀏覽器估計", "browser estimate"),
    ("about.persist", "持久存储", "持久儲存", "Persistent storage"),
    ("about.persist_no", "未获准 (浏览器可能在空间不足时清除)", "未獲准 (瀏覽器可能在空間不足時清除)", "not granted (the browser may evict data when space runs low)"),
    ("about.persist_yes", "已获准", "已獲准", "granted"),
    ("about.quarantine", "隔离的数据", "隔離的資料", "Quarantined values"),
    ("about.refresh", "刷新", "重新整理", "Refresh"),
    ("about.storage", "已用存储", "已用儲存", "Storage used"),
    ("about.version", "版本", "版本", "Version"),
    ("app.name", "裁判助手", "裁判助手", "裁判助手 Referee"),
    ("chart.title", "级别走势", "級別走勢", "Level progression"),
    ("chart.x", "横轴: 副数", "橫軸: 副數", "x-axis: hand number"),
    ("check.kitty", "底牌", "底牌", "Kitty"),
    ("check.ok", "牌数正确", "牌數正確", "Card counts are right"),
    ("check.propose", "加入罚分", "加入罰分", "Add penalty"),
    ("check.title", "牌数检查", "牌數檢查", "Card-count check"),
    ("clock.pause", "暂停", "暫停", "Pause"),
    ("clock.record_verdict", "记录裁决", "記錄裁決", "Record verdict"),
    ("clock.resume", "继续", "繼續", "Resume"),
    ("clock.rule", "打完本副后领先方胜", "打完本副後領先方勝", "finish the hand in progress, then the leading team wins"),
    ("clock.start", "开始计时", "開始計時", "Start clock"),
    ("clock.time_up", "比赛时间到:", "比賽時間到:", "Time limit reached:"),
    ("common.cancel", "取消", "取消", "Cancel"),
    ("decl.rebury", "重扣底", "重扣底", "Re-bury"),
    ("decl.remove_last", "撤销上一次亮主", "撤銷上一次亮主", "Remove last show"),
    ("decl.title", "亮主 / 反主 / 炒底", "亮主 / 反主 / 炒底", "Declaring / frying"),
    ("decl.trump", "主牌", "主牌", "Trump"),
    ("end.by_time", "时间到", "時間到", "by time"),
    ("end.locked", "已签字锁定", "已簽字鎖定", "Signed off (locked)"),
    ("end.next_game", "开始下一局", "開始下一局", "Start next game"),
    ("end.series", "系列赛胜者", "系列賽勝者", "Series winner"),
    ("end.wins", "获胜", "獲勝", "wins"),
    ("entry.breaks_later", "此修改使后面的副无法成立", "此修改使後面的副無法成立", "This change makes a later hand impossible"),
    ("entry.commit", "确认本副", "確認本副", "Commit hand"),
    ("entry.editing", "修改这一副", "修改這一副", "Edit this hand"),
    ("entry.jack", "J 抠底", "J 摳底", "J 抠底 (last trick won with a J)"),
    ("entry.keypad", "数字键盘", "數字鍵盤", "Keypad"),
    ("entry.kitty", "抓分方抠底", "抓分方摳底", "Attackers 抠底 (won the last trick)"),
    ("entry.kitty_points", "底牌分", "底牌分", "Kitty points"),
    ("entry.penalties", "罚分", "罰分", "Penalties"),
    ("entry.points", "抓分方得分", "抓分方得分", "Attackers' points"),
    ("entry.points_invalid", "分数须为 0–200 且为 5 的倍数", "分數須為 0–200 且為 5 的倍數", "points must be 0–200 in steps of 5"),
    ("entry.save_edit", "保存修改", "儲存修改", "Save correction"),
    ("entry.title", "录入本副", "錄入本副", "Enter hand"),
    ("entry.unit", "最大牌型", "最大牌型", "Largest unit"),
    ("err.full", "存储已满: 本副未保存, 仍在屏幕上。请先导出并删除旧比赛。", "儲存已滿: 本副未儲存, 仍在螢幕上。請先匯出並刪除舊比賽。", "Storage is full: this hand was NOT saved and is still on screen. Export and remove old matches first."),
    ("err.no_match", "本机没有这场比赛:", "本機沒有這場比賽:", "No such match on this device:"),
    ("err.not_found", "找不到页面", "找不到頁面", "Page not found"),
    ("err.save", "保存失败", "儲存失敗", "Could not save"),
    ("exp.clamp", "封顶/保底", "封頂/保底", "Clamp"),
    ("exp.kitty", "抠底", "摳底", "Kitty bonus"),
    ("exp.next", "下一副庄家", "下一副莊家", "Next declarer"),
    ("exp.on", "罚", "罰", "against"),
    ("exp.points", "抓分", "抓分", "Trick points"),
    ("exp.table", "升级表", "升級表", "Level table"),
    ("hist.confirm_delete", "删除这一副? (记录保留在日志中)", "刪除這一副? (記錄保留在日誌中)", "Delete this hand? (the log keeps it)"),
    ("hist.corrected", "已修改", "已修改", "corrected"),
    ("hist.delete", "删除", "刪除", "Delete"),
    ("hist.edit", "修改", "修改", "Edit"),
    ("hist.title", "历史", "歷史", "History"),
    ("hist.undo", "撤销上一步", "撤銷上一步", "Undo last action"),
    ("home.export_reminder", "有超过一天未导出的记录, 请导出备份。", "有超過一天未匯出的記錄, 請匯出備份。", "Some hands are over a day old and not exported: export a backup."),
    ("home.hands", "副", "副", "hands"),
    ("home.list", "本机比赛", "本機比賽", "Matches on this device"),
    ("home.new", "新比赛", "新比賽", "New match"),
    ("home.none", "还没有比赛。", "還沒有比賽。", "No matches yet."),
    ("home.quarantine", "有无法读取的数据, 已移到隔离区:", "有無法讀取的資料, 已移到隔離區:", "Some stored values could not be read and were moved aside:"),
    ("home.sample", "打开示例比赛", "開啟範例比賽", "Open sample match"),
    ("import.invalid", "文件无效", "檔案無效", "invalid file"),
    ("import.too_big", "文件太大", "檔案太大", "file too large"),
    ("import.unreadable", "无法读取文件", "無法讀取檔案", "cannot read the file"),
    ("io.added", "场新增", "場新增", "added"),
    ("io.conflicts", "条冲突 (保留本机)", "條衝突 (保留本機)", "conflicts (local kept)"),
    ("io.done", "导入完成", "匯入完成", "Import done"),
    ("io.entries", "条记录", "條記錄", "entries"),
    ("io.export_all", "导出全部", "匯出全部", "Export all"),
    ("io.export_match", "导出本场", "匯出本場", "Export match"),
    ("io.extended", "场补充", "場補充", "extended"),
    ("io.import", "导入 JSON", "匯入 JSON", "Import JSON"),
    ("io.known", "本机已有", "本機已有", "already here"),
    ("io.last_export", "上次导出", "上次匯出", "Last export"),
    ("io.matches", "场比赛", "場比賽", "matches"),
    ("io.merge", "合并导入", "合併匯入", "Merge into this device"),
    ("io.never", "从未", "從未", "never"),
    ("io.share", "分享", "分享", "Share"),
    ("io.title", "导出 / 导入", "匯出 / 匯入", "Export / import"),
    ("io.unchanged", "场无变化", "場無變化", "unchanged"),
    ("jack.none", "无", "無", "none"),
    ("jack.offsuit", "副J", "副J", "off-suit J (副J)"),
    ("jack.trump", "正J", "正J", "trump J (正J)"),
    ("log.title", "操作日志", "操作日誌", "Log"),
    ("nav.about", "关于", "關於", "About"),
    ("nav.new", "新比赛", "新比賽", "New"),
    ("nav.settings", "设置", "設定", "Settings"),
    ("new.apply_preset", "使用修改后的规则", "使用修改後的規則", "Use edited rules"),
    ("new.create", "创建比赛", "建立比賽", "Create match"),
    ("new.dealer_team", "首副庄家座位须属于庄家方", "首副莊家座位須屬於莊家方", "The first dealer seat must belong to the declarer team"),
    ("new.edit_preset", "规则参数 (本场比赛保留自己的副本)", "規則參數 (本場比賽保留自己的副本)", "Rule parameters (the match keeps its own copy)"),
    ("new.first_dealer", "首副庄家座位", "首副莊家座位", "First dealer seat"),
    ("new.match_title", "比赛名称", "比賽名稱", "Match title"),
    ("new.preset", "规则", "規則", "Rules"),
    ("new.rules", "查看规则", "查看規則", "Show the rules"),
    ("new.start_level", "起始级", "起始級", "start level"),
    ("new.team_a", "南北队名", "南北隊名", "N/S team name"),
    ("new.team_a_default", "南北队", "南北隊", "N/S team"),
    ("new.team_b", "东西队名", "東西隊名", "E/W team name"),
    ("new.team_b_default", "东西队", "東西隊", "E/W team"),
    ("new.timing", "限时", "限時", "Time limits"),
    ("new.title", "新比赛 (升级)", "新比賽 (升級)", "New match (升级)"),
    ("note.capped_a", "升级不超过 A", "升級不超過 A", "a rise stops at A"),
    ("note.clamped", "分数封顶/保底", "分數封頂/保底", "score clamped"),
    ("note.jack_back", "台上方回到", "台上方回到", "declarer team goes back to"),
    ("note.jump_a", "大光: 庄家直升 A", "大光: 莊家直升 A", "zero (大光): declarer jumps to A"),
    ("note.must_play", "必打: 升级停在此级", "必打: 升級停在此級", "must-play: the rise stops here"),
    ("note.passed_a", "庄家在 A 守住, 过 A 获胜", "莊家在 A 守住, 過 A 獲勝", "declarer at A held the deal: passes A and wins"),
    ("op.clock", "计时", "計時", "clock"),
    ("op.correct", "修改一副", "修改一副", "correction"),
    ("op.hand", "录入一副", "錄入一副", "hand"),
    ("op.next_game", "下一局", "下一局", "next game"),
    ("op.overrun", "超时", "超時", "overrun"),
    ("op.reopen", "重新打开", "重新開啟", "reopen"),
    ("op.sign_off", "签字锁定", "簽字鎖定", "sign-off"),
    ("op.time_verdict", "时间到裁决", "時間到裁決", "time-limit verdict"),
    ("op.void", "删除/撤销", "刪除/撤銷", "delete/undo"),
    ("pen.bury_not_at_once", "底牌未一次扣下", "底牌未一次扣下", "kitty not buried at once"),
    ("pen.card_count", "多牌/少牌", "多牌/少牌", "wrong card count"),
    ("pen.cards", "张", "張", "cards"),
    ("pen.check_cards", "查牌无误", "查牌無誤", "check found nothing"),
    ("pen.exposed_card", "亮牌", "亮牌", "exposed card"),
    ("pen.failed_throw", "甩牌失败", "甩牌失敗", "failed throw"),
    ("pen.kitty_count", "扣底张数错", "扣底張數錯", "wrong kitty count"),
    ("pen.note", "备注", "備註", "note"),
    ("pen.out_of_turn", "越序出牌", "越序出牌", "out of turn"),
    ("pen.points", "罚分", "罰分", "points"),
    ("pen.revoke", "藏牌", "藏牌", "revoke"),
    ("pen.seat", "座位", "座位", "seat"),
    ("pen.signalling", "暗示/作弊", "暗示/作弊", "signalling"),
    ("pen.trick", "第几轮", "第幾輪", "trick #"),
    ("pen.wrong_card", "出错牌", "出錯牌", "wrong card"),
    ("pen.wrong_card_late", "藏牌 (事后发现)", "藏牌 (事後發現)", "held card found late"),
    ("preset.chaodipi-10", "炒地皮细则 (每 10 分一级)", "炒地皮細則 (每 10 分一級)", "炒地皮 (a level per 10 points)"),
    ("preset.clamp", "分数范围", "分數範圍", "Clamp"),
    ("preset.empty_table", "升级表不能为空", "升級表不能為空", "The level table may not be empty"),
    ("preset.jiankang-chaodipi", "健康杯 炒地皮", "健康盃 炒地皮", "Jiankang Cup 炒地皮"),
    ("preset.kitty", "抠底倍数", "摳底倍數", "Kitty multiplier"),
    ("preset.must_play", "必打", "必打", "Must-play"),
    ("preset.nantong-80fen", "南通纺院 80分", "南通紡院 80分", "Nantong 80分"),
    ("preset.penalties", "罚则", "罰則", "Penalties"),
    ("preset.qingpu-80fen", "青浦 80分", "青浦 80分", "Qingpu 80分"),
    ("preset.readings", "(解读) 可修改的参数", "(解讀) 可修改的參數", "(reading) parameters to check"),
    ("preset.table", "升级表", "升級表", "Level table"),
    ("preset.yiyuan-shuangsheng", "医院 双升 队式", "醫院 雙升 隊式", "Hospital 双升 teams"),
    ("res.declarer_holds", "庄家守住", "莊家守住", "declarer holds"),
    ("res.no_rise", "不升级", "不升級", "no rise"),
    ("res.passed_a", "过 A", "過 A", "passes A"),
    ("res.points", "分", "分", "points"),
    ("res.takeover", "台下上台", "台下上台", "attackers take over"),
    ("sb.dealer", "庄家座位", "莊家座位", "dealer"),
    ("sb.declarer", "坐庄", "坐莊", "declares"),
    ("sb.elapsed", "用时", "用時", "time"),
    ("sb.game", "第几局", "第幾局", "game"),
    ("sb.games_won", "胜局", "勝局", "games won"),
    ("sb.hand", "第几副", "第幾副", "hand"),
    ("seat.E", "东", "東", "E"),
    ("seat.N", "北", "北", "N"),
    ("seat.S", "南", "南", "S"),
    ("seat.W", "西", "西", "W"),
    ("settings.language", "语言", "語言", "Language"),
    ("sheet.overruns", "超时", "超時", "Overruns"),
    ("sheet.players", "队员", "隊員", "Players"),
    ("sheet.reason_needed", "请填写重开原因", "請填寫重開原因", "Give a reason to reopen"),
    ("sheet.referee", "裁判姓名", "裁判姓名", "Referee's name"),
    ("sheet.referee_needed", "请填写裁判姓名", "請填寫裁判姓名", "Enter the referee's name"),
    ("sheet.reopen", "重新打开", "重新開啟", "Reopen"),
    ("sheet.reopen_reason", "重开原因", "重開原因", "Reason to reopen"),
    ("sheet.sign", "裁判签字 (锁定)", "裁判簽字 (鎖定)", "Referee sign-off (locks)"),
    ("sheet.title", "成绩单", "成績單", "Result sheet"),
    ("show.BJ1", "大王", "大王", "big joker"),
    ("show.BJ2", "大王对", "大王對", "big-joker pair"),
    ("show.JJ", "大小王连对", "大小王連對", "joker pairs"),
    ("show.SJ1", "小王", "小王", "small joker"),
    ("show.SJ2", "小王对", "小王對", "small-joker pair"),
    ("show.STAR", "红五星", "紅五星", "red star"),
    ("show.pair", "对", "對", "pair"),
    ("show.single", "单", "單", "single"),
    ("suit.C", "♣ 梅花", "♣ 梅花", "♣ clubs"),
    ("suit.D", "♦ 方块", "♦ 方塊", "♦ diamonds"),
    ("suit.H", "♥ 红心", "♥ 紅心", "♥ hearts"),
    ("suit.NT", "无主", "無主", "no trump"),
    ("suit.S", "♠ 黑桃", "♠ 黑桃", "♠ spades"),
    ("sw.reload", "重新加载", "重新載入", "Reload"),
    ("sw.update", "有新版本", "有新版本", "New version available"),
    ("team.A", "南北", "南北", "N/S"),
    ("team.B", "东西", "東西", "E/W"),
    ("timer.bury", "扣底", "扣底", "Bury"),
    ("timer.log_overrun", "记录超时", "記錄超時", "Log overrun"),
    ("timer.play", "出牌", "出牌", "Play"),
    ("timer.stop", "停止", "停止", "Stop"),
    ("unit.pair", "对子", "對子", "pair"),
    ("unit.single", "单张", "單張", "single"),
    ("unit.tractor", "拖拉机", "拖拉機", "tractor"),
];

/// The string for `key` in `lang`, or `None`.
pub fn lookup(lang: Lang, key: &str) -> Option<&'static str> {
    STRINGS.binary_search_by(|r| r.0.cmp(key)).ok().map(|i| {
        let r = &STRINGS[i];
        match lang {
            Lang::ZhCn => r.1,
            Lang::ZhTw => r.2,
            Lang::En => r.3,
        }
    })
}

/// The string for `key` in `lang`; the key itself when missing.
pub fn tr(lang: Lang, key: &'static str) -> &'static str {
    lookup(lang, key).unwrap_or(key)
}

/// "南北" / "东西" (N/S, E/W).
pub fn team_side(lang: Lang, t: Team) -> &'static str {
    tr(lang, if t == Team::A { "team.A" } else { "team.B" })
}

/// A seat's name.
pub fn seat_name(lang: Lang, s: Seat) -> &'static str {
    tr(
        lang,
        match s {
            Seat::N => "seat.N",
            Seat::E => "seat.E",
            Seat::S => "seat.S",
            Seat::W => "seat.W",
        },
    )
}

/// A kitty unit's name, e.g. "拖拉机 3 对".
pub fn unit_name(lang: Lang, u: Unit) -> String {
    match u {
        Unit::Single => tr(lang, "unit.single").to_string(),
        Unit::Pair => tr(lang, "unit.pair").to_string(),
        Unit::Tractor(n) => format!("{} {n}", tr(lang, "unit.tractor")),
    }
}

/// A penalty kind's name, if the table knows it.
pub fn penalty_kind(lang: Lang, kind: &str) -> Option<&'static str> {
    lookup(lang, &format!("pen.{kind}"))
}

/// A built-in preset's name, if the table knows it.
pub fn preset_name(lang: Lang, id: &str) -> Option<&'static str> {
    lookup(lang, &format!("preset.{id}"))
}

/// A suit code's name (`S`, `H`, `C`, `D`, `NT`).
pub fn suit_name(lang: Lang, code: &str) -> &'static str {
    lookup(lang, &format!("suit.{code}")).unwrap_or("?")
}

/// A declaring show code's name (`pair:S` → "♠ 黑桃 对").
pub fn show_name(lang: Lang, code: &str) -> String {
    match code.split_once(':') {
        Some((kind, suit)) => format!("{} {}", suit_name(lang, suit), lookup(lang, &format!("show.{kind}")).unwrap_or(kind)),
        None => lookup(lang, &format!("show.{code}")).unwrap_or(code).to_string(),
    }
}

/// A log entry's kind.
pub fn op_name(lang: Lang, op: &Op) -> &'static str {
    tr(
        lang,
        match op {
            Op::Hand { .. } => "op.hand",
            Op::Correct { .. } => "op.correct",
            Op::Void { .. } => "op.void",
            Op::Clock { .. } => "op.clock",
            Op::Overrun { .. } => "op.overrun",
            Op::TimeVerdict { .. } => "op.time_verdict",
            Op::NextGame { .. } => "op.next_game",
            Op::SignOff { .. } => "op.sign_off",
            Op::Reopen { .. } => "op.reopen",
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_unique_and_complete() {
        for w in STRINGS.windows(2) {
            assert!(w[0].0 < w[1].0, "{} / {}", w[0].0, w[1].0);
        }
        for r in STRINGS {
            assert!(!r.1.is_empty() && !r.2.is_empty() && !r.3.is_empty(), "{}", r.0);
        }
    }

    #[test]
    fn every_key_used_by_the_ui_exists() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/ui");
        let mut missing = Vec::new();
        for e in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
            for pat in ["tx(\"", "t(\"", "tr(\""] {
                for part in text.split(pat).skip(1) {
                    let key = part.split('"').next().unwrap();
                    if key.contains('.') && lookup(Lang::En, key).is_none() {
                        missing.push(key.to_string());
                    }
                }
            }
        }
        assert!(missing.is_empty(), "missing keys: {missing:?}");
    }

    #[test]
    fn every_builtin_penalty_kind_is_named() {
        for p in crate::rules::shengji::builtin_presets() {
            assert!(preset_name(Lang::En, &p.id).is_some(), "{}", p.id);
            for r in &p.penalties {
                assert!(penalty_kind(Lang::En, &r.kind).is_some(), "{}", r.kind);
            }
        }
    }
}
