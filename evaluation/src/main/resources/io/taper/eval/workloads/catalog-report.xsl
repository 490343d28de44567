<?xml version="1.0" encoding="UTF-8"?>
<!-- The Xalan workload's stylesheet: keys and Muenchian grouping, sorting, sums, number formatting,
     string functions, recursion and numbering over a generated product catalogue. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="html" indent="no" encoding="UTF-8"/>
  <xsl:key name="by-category" match="item" use="@category"/>
  <xsl:key name="by-tag" match="tag" use="."/>

  <xsl:template match="/catalog">
    <html>
      <head><title>Catalogue <xsl:value-of select="@name"/></title></head>
      <body>
        <h1><xsl:value-of select="translate(@name, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')"/></h1>
        <p>Items: <xsl:value-of select="count(item)"/>,
           total value: <xsl:value-of select="format-number(sum(item/@price), '#,##0.00')"/></p>
        <xsl:for-each select="item[generate-id() = generate-id(key('by-category', @category)[1])]">
          <xsl:sort select="@category"/>
          <xsl:call-template name="category">
            <xsl:with-param name="items" select="key('by-category', @category)"/>
          </xsl:call-template>
        </xsl:for-each>
        <h2>Tags</h2>
        <ul>
          <xsl:for-each select="item/tags/tag[generate-id() = generate-id(key('by-tag', .)[1])]">
            <xsl:sort select="count(key('by-tag', .))" data-type="number" order="descending"/>
            <xsl:sort select="."/>
            <xsl:if test="position() &lt;= 25">
              <li><xsl:value-of select="."/>: <xsl:value-of select="count(key('by-tag', .))"/></li>
            </xsl:if>
          </xsl:for-each>
        </ul>
      </body>
    </html>
  </xsl:template>

  <xsl:template name="category">
    <xsl:param name="items"/>
    <h2><xsl:number value="position()" format="I"/>. <xsl:value-of select="@category"/></h2>
    <p>mean price <xsl:value-of select="format-number(sum($items/@price) div count($items), '0.00')"/>,
       in stock <xsl:call-template name="sum-stock"><xsl:with-param name="items" select="$items"/></xsl:call-template></p>
    <table>
      <xsl:for-each select="$items">
        <xsl:sort select="@price" data-type="number" order="descending"/>
        <xsl:sort select="name"/>
        <tr class="{substring('oddeven', 1 + 3 * (position() mod 2 = 0), 3 + (position() mod 2 = 0))}">
          <td><xsl:number value="position()" format="001"/></td>
          <td><xsl:value-of select="concat(substring(name, 1, 1), translate(substring(name, 2), 'aeiou', 'AEIOU'))"/></td>
          <td><xsl:value-of select="format-number(@price, '#,##0.00')"/></td>
          <td><xsl:value-of select="string-length(normalize-space(description))"/></td>
          <td><xsl:apply-templates select="tags/tag"/></td>
        </tr>
      </xsl:for-each>
    </table>
  </xsl:template>

  <xsl:template match="tag">
    <xsl:if test="position() &gt; 1">, </xsl:if>
    <xsl:value-of select="."/>
  </xsl:template>

  <!-- Recursive sum (head + sum of tail): exercises template recursion and parameter passing. -->
  <xsl:template name="sum-stock">
    <xsl:param name="items"/>
    <xsl:param name="acc" select="0"/>
    <xsl:choose>
      <xsl:when test="not($items)"><xsl:value-of select="$acc"/></xsl:when>
      <xsl:otherwise>
        <xsl:call-template name="sum-stock">
          <xsl:with-param name="items" select="$items[position() &gt; 1]"/>
          <xsl:with-param name="acc" select="$acc + $items[1]/@stock"/>
        </xsl:call-template>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>
</xsl:stylesheet>
