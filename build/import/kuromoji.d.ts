/** The part of kuromoji 0.1.2's API the importer uses (the package ships no types). */
declare module 'kuromoji' {
  namespace kuromoji {
    interface IpadicFeatures {
      surface_form: string;
      reading?: string;
    }
    interface Tokenizer<T> {
      tokenize(text: string): T[];
    }
    function builder(options: { dicPath: string }): { build(callback: (error: Error | null, tokenizer: Tokenizer<IpadicFeatures>) => void): void };
  }
  export default kuromoji;
}
