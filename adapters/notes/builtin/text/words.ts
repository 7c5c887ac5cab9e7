/**
 * Generic English word lists: function words and spoken fillers. They are
 * hand-written from general knowledge of English, not derived from any corpus.
 */

/** Function words and conversational words that carry no topic. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are aren as at be because been before being below ' +
    'between both but by can cannot could couldn did didn do does doesn doing don down during each either else ' +
    'ever every few for from further get gets getting got had hadn has hasn have haven having he her here hers ' +
    'herself him himself his how however i if in into is isn it its itself just let ll me might mine more most ' +
    'must mustn my myself neither no nor not now of off on once one only or other others ought our ours ourselves ' +
    'out over own perhaps quite rather re really s same shall shan she should shouldn so some such t than that ' +
    'the their theirs them themselves then there these they this those though through thus to too under until ' +
    'up upon us ve very was wasn we were weren what when where whether which while who whom whose why will with ' +
    'within without won would wouldn yet you your yours yourself yourselves d m ' +
    // conversational words that say nothing about the topic
    'yeah yes yep yup no nope okay ok alright right oh ah uh um umm uhm hmm mm mmm mhm er erm eh huh wow hey hi ' +
    'hello bye thanks thank please sorry well like actually basically literally probably maybe sure anyway ' +
    'gonna wanna gotta kinda sorta guess think thought know knew mean means meant say said says saying ' +
    'go goes going gone went come comes coming came want wanted thing things stuff lot lots something anything ' +
    'everything nothing someone anyone everyone bit little good great fine nice cool kind sort way much many ' +
    'see seen look looks looking make makes made take takes took put puts need needs tell told talk talking ' +
    'two three four five six seven eight nine ten first second next last new old another even still already ' +
    'again always never sometimes often okay etcetera etc ' +
    // forms of address
    'mr mrs ms dr hon sir madam ' +
    // verbs too common to say what a stretch of talk is about
    'use used using uses try tried trying start started having doing done getting saying does'
  ).split(/\s+/),
)

/** Words about the meeting itself that never name what it was about; kept out of key phrases. */
export const META_WORDS: ReadonlySet<string> = new Set(
  'meeting meetings question questions point points time times people person guys idea ideas part case today week year minute minutes chair member members'.split(' '),
)

/** Sounds and words that only fill a pause; removed wherever they stand. */
export const FILLER_SOUNDS: ReadonlySet<string> = new Set(
  'um umm uh uhm uh-huh hmm hm mm mmm mhm er erm ah eh huh'.split(' '),
)

/** Words that open a turn without adding meaning ("So, yeah, we ..."). */
export const TURN_OPENERS: ReadonlySet<string> = new Set(
  'so yeah yes okay ok alright right well oh and but now anyway hmm um uh like no sure'.split(' '),
)

/** Words a sentence cannot end on without being a fragment. */
export const DANGLING_ENDINGS: ReadonlySet<string> = new Set(
  (
    'a an the and or but to of in on at for with from by as that which who whose than if because so ' +
    'my your our their his her its this these those is are was were be been being i we you they he she ' +
    'it can could will would should might must do does did have has had about into like very just'
  ).split(' '),
)
