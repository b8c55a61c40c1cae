/** The two dated kinds of content: same shapes, same pages, different texts and paths. */
export const ARTICLE_KINDS = {
  news: {
    path: "/news",
    title: "News.Title",
    lead: "News.Lead",
    metaTitle: "News.MetaTitle",
    metaTitlePage: "News.MetaTitlePage",
    metaDescription: "News.MetaDescription",
    empty: "News.Empty",
    all: "News.AllNews",
  },
  blog: {
    path: "/blog",
    title: "Blog.Title",
    lead: "Blog.Lead",
    metaTitle: "Blog.MetaTitle",
    metaTitlePage: "Blog.MetaTitlePage",
    metaDescription: "Blog.MetaDescription",
    empty: "Blog.Empty",
    all: "Blog.AllPosts",
  },
} as const;

export type ArticleKind = keyof typeof ARTICLE_KINDS;

/** Lists show ten entries a page (spec §2 `/news?page={n}`). */
export const ARTICLES_PER_PAGE = 10;
