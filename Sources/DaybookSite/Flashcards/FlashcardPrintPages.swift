import DaybookContent

/// Printable flashcards: vocab/<deck>/print/, vocab/<deck>/<date>/print/, vocab/today/print/.
/// (Placeholder: the flashcards work fills it in.)
enum FlashcardPrintPages {
    static func pages(_ site: SiteData) -> [Page] { [] }
}
